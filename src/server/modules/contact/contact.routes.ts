import type { FastifyInstance } from 'fastify';
import { contactBody, contactResponse, type ContactResponse } from '../../../shared/contact';
import { contactMessages } from '../../../shared/contact-messages';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { createContactService } from './contact.service';

/** POST /api/contact: anyone may write to the team; rate-limited per client address. */
export async function contactRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const service = createContactService(db, config.contact, app.log);
  app.addHook('onClose', async () => {
    await service.settled();
  });

  app.post(
    '/api/contact',
    {
      config: {
        rateLimit: {
          max: config.contact.rateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(429, 'too_many_requests', contactMessages.tooMany),
        },
      },
    },
    async (request, reply): Promise<ContactResponse> => {
      const body = contactBody.parse(request.body ?? {});
      const stored = await service.receive(body);
      reply.status(201);
      return contactResponse.parse(stored);
    },
  );
}
