import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactBody, contactResponse } from '../../../shared/contact';
import { contactMessages } from '../../../shared/contact-messages';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { bodyRefusals, json, publicRoute, refusals } from '../../openapi/route-schema';
import { createContactService } from './contact.service';

/** A missing body is read as an empty form, so the reply names every required field. */
const contactForm = z.preprocess((body) => body ?? {}, contactBody);

/** POST /api/contact: anyone may write to the team; rate-limited per client address. */
export async function contactRoutes(
  fastify: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createContactService(db, config.contact, app.log);
  app.addHook('onClose', async () => {
    await service.settled();
  });

  app.post(
    '/api/contact',
    {
      schema: {
        summary: 'Write to the team',
        description: `Rate-limited to CONTACT_RATE_LIMIT messages a minute per client address.`,
        tags: ['site'],
        ...publicRoute,
        body: contactForm,
        response: {
          201: json(contactResponse, 'Received: the id under which it is stored'),
          ...refusals(...bodyRefusals, 403, 429),
        },
      },
      config: {
        rateLimit: {
          max: config.contact.rateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(429, 'too_many_requests', contactMessages.tooMany),
        },
      },
    },
    async (request, reply) => {
      const stored = await service.receive(request.body);
      return reply.status(201).send(stored);
    },
  );
}
