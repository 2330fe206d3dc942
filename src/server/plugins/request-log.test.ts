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
});
