import type { CurrentUser } from '../../auth/current-user';
import type { Config } from '../../config';
import { notFound } from '../../errors';

/**
 * Whether the user is one of the instance's operators: her address is in OPERATOR_EMAILS and
 * she has confirmed it (otherwise whoever signed up first with that address would be one).
 */
export const isOperator = (config: Pick<Config, 'operatorEmails'>, user: CurrentUser | null) =>
  !!user && user.emailVerified && config.operatorEmails.includes(user.email.toLowerCase());

/** Refuses everyone but an operator with 404: the pages do not exist for anyone else. */
export function assertOperator(config: Pick<Config, 'operatorEmails'>, user: CurrentUser) {
  if (!isOperator(config, user)) throw notFound();
}
