import type { Kysely } from 'kysely';
import {
  mailKinds,
  type EmailSettingBody,
  type EmailSettingsResponse,
  type UnsubscribeResponse,
} from '../../../shared/notifications';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import * as repo from './notifications.repository';
import { readUnsubscribeToken } from './unsubscribe-token';

/** The kinds of email that concern a role (none before one is chosen). */
const kindsFor = (user: CurrentUser) => mailKinds.filter((k) => k.audience === user.role);

/** The user's email settings: each kind of their role, on unless they turned it off. */
export async function emailSettingsOf(
  db: Kysely<Database>,
  user: CurrentUser,
): Promise<EmailSettingsResponse> {
  const off = new Set(await repo.optOutsOf(db, user.id));
  return {
    kinds: kindsFor(user).map((k) => ({
      kind: k.kind,
      label: k.label,
      description: k.description,
      enabled: !off.has(k.kind),
    })),
  };
}

/** Turns one kind on or off for the user; the next message of that kind obeys it. */
export async function changeEmailSetting(
  db: Kysely<Database>,
  user: CurrentUser,
  body: EmailSettingBody,
): Promise<EmailSettingsResponse> {
  if (body.enabled) await repo.removeOptOut(db, user.id, body.kind);
  else await repo.addOptOut(db, user.id, body.kind, nowIso());
  return emailSettingsOf(db, user);
}

const badLink = () =>
  new AppError(
    400,
    'invalid_unsubscribe_link',
    'This unsubscribe link is not valid. Open your email settings to choose which emails you get.',
  );

/** Turns off the kind of email an unsubscribe token names, for its person. */
export async function unsubscribe(
  db: Kysely<Database>,
  secret: string,
  token: string,
): Promise<UnsubscribeResponse> {
  const found = readUnsubscribeToken(secret, token);
  if (!found || !(await repo.userExists(db, found.userId))) throw badLink();
  await repo.addOptOut(db, found.userId, found.kind, nowIso());
  return { kind: found.kind, label: mailKinds.find((k) => k.kind === found.kind)!.label };
}
