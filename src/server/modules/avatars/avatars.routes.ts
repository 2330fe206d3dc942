import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { avatarParams } from '../../../shared/params';
import { binary, publicRoute, refusals } from '../../openapi/route-schema';

/** A symmetric 5x5 identicon in the seed's own colour: the generated avatar of a new account. */
export function identiconSvg(seed: string): string {
  const hash = crypto.createHash('sha256').update(seed).digest();
  const hue = Math.round(((hash[0]! << 8) | hash[1]!) % 360);
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if (hash[2 + row * 3 + col]! % 2 === 0) continue;
      for (const x of new Set([col, 4 - col])) {
        cells.push(`<rect x="${x * 16 + 12}" y="${row * 16 + 12}" width="16" height="16"/>`);
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 104 104" role="img" aria-label="avatar">` +
    `<rect width="104" height="104" fill="hsl(${hue} 60% 92%)"/>` +
    `<g fill="hsl(${hue} 55% 42%)">${cells.join('')}</g></svg>`
  );
}

/** GET /api/avatars/:seed.svg — public, cacheable forever: the image depends only on the seed. */
export async function avatarRoutes(app: FastifyInstance) {
  const schema = {
    summary: 'The generated avatar of a seed',
    description: 'Public and cacheable forever: the image depends only on the seed.',
    tags: ['site'],
    ...publicRoute,
    params: avatarParams,
    response: { 200: binary(['image/svg+xml'], 'An SVG identicon'), ...refusals(400) },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/avatars/:file', { schema }, async (request, reply) => {
      const seed = request.params.file.replace(/\.svg$/, '');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(identiconSvg(seed));
    });
}
