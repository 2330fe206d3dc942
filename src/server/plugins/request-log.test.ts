import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLineRequestLog } from './request-log';

describe('request logging', () => {
  it('writes one line per request with its method, address, status and time', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new OneLineRequestLog(),
    });
    app.get('/api/thing', async () => ({ ok: true }));
    await app.inject({ url: '/api/thing?x=1' });
    await app.inject({ url: '/api/missing' });
    await app.close();
    const requests = lines.filter((l) => 'req' in l || 'res' in l);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/thing?x=1' },
      res: { statusCode: 200 },
    });
    expect(requests[0]!.responseTime).toEqual(expect.any(Number));
    expect(requests[1]).toMatchObject({ res: { statusCode: 404 } });
  });

  it('keeps a calendar feed’s secret token out of the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new OneLineRequestLog(),
    });
    app.get('/api/calendar/:file', async () => 'feed');
    await app.inject({ url: '/api/calendar/s3cr3tT0ken.ics', remoteAddress: '10.0.0.9' });
    await app.close();
    expect(lines.join('')).not.toContain('s3cr3tT0ken');
    const line = lines.map((l) => JSON.parse(l) as { req?: object }).find((l) => l.req);
    expect(line?.req).toMatchObject({
      method: 'GET',
      url: '/api/calendar/…',
      remoteAddress: '10.0.0.9',
    });
  });
});
