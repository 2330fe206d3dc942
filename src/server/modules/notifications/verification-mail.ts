import type { Db } from '../../db/database';
import { PRODUCT_NAME, queueMail, type MailSender } from '../mail/mail.service';

/** How long a verification link works (better-auth's emailVerification.expiresIn). */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

/** Where the verification link leads once followed. */
const VERIFIED_PATH = '/dashboard?verified=1';

/** The kind of the verification emails in the mail queue (they cannot be unsubscribed from). */
export const VERIFY_MAIL_KIND = 'verify_email';

/**
 * better-auth's sendVerificationEmail: queues the email with better-auth's own link (a signed
 * token that expires in a day; once the address is confirmed a second click changes nothing and
 * signs nobody in) and wakes the sender. Only writes to the queue, so sign-up and "resend" answer
 * as fast whatever the mail server does.
 */
export function createVerificationMailer(db: Db, sender: Pick<MailSender, 'wake'>) {
  return async (user: { email: string; name: string }, url: string): Promise<void> => {
    // The link always leads back to the dashboard, which shows that the address is now
    // confirmed. Whatever callbackURL the request named is dropped: anyone may ask for this
    // email to be sent to any address, and a genuine email must not lead to someone else's page.
    const link = new URL(url);
    link.searchParams.set('callbackURL', VERIFIED_PATH);
    await queueMail(db.kysely, {
      kind: VERIFY_MAIL_KIND,
      to: user.email,
      content: {
        subject: `Confirm your ${PRODUCT_NAME} email address`,
        greeting: `Hello ${user.name},`,
        paragraphs: [
          `Please confirm that ${user.email} is your address, so ${PRODUCT_NAME} can send you your marks, reminders and a new password when you need one.`,
        ],
        action: { label: 'Confirm my address', url: link.toString() },
        after: [
          'The link works for 24 hours.',
          `If you did not make a ${PRODUCT_NAME} account, ignore this email.`,
        ],
      },
    });
    sender.wake();
  };
}
