import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailSettingBody,
  emailSettingsResponse,
  unsubscribeBody,
  unsubscribeResponse,
} from '../../../shared/notifications';
import type { Db } from '../../db/database';
import { requireUser } from '../../auth/guards';
import { bodyRefusals, json, publicRoute, refusals } from '../../openapi/route-schema';
import * as settings from './email-settings.service';

/**
 * Email settings (GET and PUT /api/me/email-settings) and the unsubscribe links of emails (POST
 * /api/unsubscribe from the page the link opens, POST /api/unsubscribe/one-click from mail
 * programs), which work without a session: the signed token says who and what.
 */
export async function notificationRoutes(
  fastify: FastifyInstance,
  { db, secret }: { db: Db; secret: string },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['email'];

  app.get(
    '/api/me/email-settings',
    {
      schema: {
        summary: 'Your email settings',
        description: 'The kinds of email that concern your role, each on or off.',
        tags,
        response: { 200: json(emailSettingsResponse, 'The kinds'), ...refusals(401) },
      },
    },
    async (request) => settings.emailSettingsOf(db.kysely, requireUser(request)),
  );

  app.put(
    '/api/me/email-settings',
    {
      schema: {
        summary: 'Turn one kind of email on or off',
        description: 'Honoured at once: mail of a kind turned off is no longer queued.',
        tags,
        body: emailSettingBody,
        response: {
          200: json(emailSettingsResponse, 'The kinds after the change'),
          ...refusals(...bodyRefusals, 401),
        },
      },
    },
    async (request) => settings.changeEmailSetting(db.kysely, requireUser(request), request.body),
  );

  app.post(
    '/api/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe with an email’s link',
        description:
          'The token from the link turns its kind of email off for its person, at once; no session needed.',
        tags,
        ...publicRoute,
        body: unsubscribeBody,
        response: {
          200: json(unsubscribeResponse, 'What was turned off'),
          ...refusals(...bodyRefusals),
        },
      },
    },
    async (request) => settings.unsubscribe(db.kysely, secret, request.body.token),
  );

  // RFC 8058: mail programs post `List-Unsubscribe=One-Click` as a form to the header's address.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/api/unsubscribe/one-click',
      {
        schema: {
          summary: 'One-click unsubscribe (List-Unsubscribe-Post)',
          description:
            'What a mail program’s "Unsubscribe" button posts (RFC 8058); the token is in the address.',
          tags,
          ...publicRoute,
          querystring: z.object({ token: z.string().min(1).max(300) }),
          response: { 200: json(unsubscribeResponse, 'What was turned off'), ...refusals(400) },
        },
      },
      async (request) => settings.unsubscribe(db.kysely, secret, request.query.token),
    );
  });
}
