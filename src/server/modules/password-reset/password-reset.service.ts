import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { PRODUCT_NAME, queueMail, type MailSender } from '../mail/mail.service';

/** How long a reset link works (better-auth's resetPasswordTokenExpiresIn). */
export const RESET_LINK_SECONDS = 60 * 60;

/** The kind of the reset emails in the mail queue. */
export const RESET_MAIL_KIND = 'reset_password';

/** The "Set a new password" page for one token, on the instance's public address. */
export const resetPasswordLink = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * better-auth's sendResetPassword: queues the email with the link and wakes the sender. It only
 * writes to the queue, so the request answers as fast whether the address exists or not, and
 * a mail server that is down never fails it.
 */
export function createResetPasswordMailer(
  config: Config,
  db: Db,
  sender: Pick<MailSender, 'wake'>,
) {
  return async (user: { email: string; name: string }, token: string): Promise<void> => {
    await queueMail(db.kysely, {
      kind: RESET_MAIL_KIND,
      to: user.email,
      content: {
        subject: `Set a new ${PRODUCT_NAME} password`,
        greeting: `Hello ${user.name},`,
        paragraphs: [
          `Someone asked to set a new password for your ${PRODUCT_NAME} account (${user.email}). If it was you, follow the link below and choose a new password.`,
        ],
        action: { label: 'Set a new password', url: resetPasswordLink(config, token) },
        after: [
          'The link works once and expires in 1 hour. Setting a new password signs you out on your other devices.',
          'If you did not ask for this, ignore this email: your password stays as it is.',
        ],
      },
    });
    sender.wake();
  };
}
