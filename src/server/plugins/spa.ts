import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed files under /assets are cached for a year (sent precompressed
 * with brotli or gzip when the browser accepts it), everything else
 * (index.html above all) is revalidated, and any non-API GET answers with the app so deep links work.
 */
export async function spa(app: FastifyInstance, { dir }: { dir: string }) {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`no built web app in ${dir}; run "npm run build" (the API still works)`);
  } else {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // vite.config.ts writes .br and .gz beside each asset
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(dir, 'assets') + path.sep);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    if (urlPath.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route for GET ${urlPath}.` } });
    }
    const file = path.join(
      dir,
      path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, ''),
    );
    if (file.startsWith(dir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dir, file));
    }
    if (/\.[a-z0-9]+$/i.test(urlPath) && urlPath.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!fs.existsSync(index))
      return reply
        .type('text/plain')
        .send('Markwise API is running. Build the web app with "npm run build".');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(fs.createReadStream(index));
  });
}
