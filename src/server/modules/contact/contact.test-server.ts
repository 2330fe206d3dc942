import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A form-mail stand-in for tests: records every request and answers with the status the test sets. */
export interface FakeFormMail {
  url: string;
  received: Array<{ contentType: string | undefined; form: URLSearchParams }>;
  /** Status of the next answers; 'hang' never answers. */
  mode: number | 'hang';
  close(): Promise<void>;
}

/** Starts a real HTTP server on 127.0.0.1 at a free port. */
export async function startFakeFormMail(): Promise<FakeFormMail> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeFormMail = {
    url: '',
    received: [],
    mode: 200,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      fake.received.push({
        contentType: req.headers['content-type'],
        form: new URLSearchParams(body),
      });
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(fake.mode, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: fake.mode < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/submit`;
  return fake;
}
