import { z } from 'zod';
import { CONTACT_LIMITS, contactMessages as m, PHONE_PATTERN } from './contact-messages';

const phoneChars = new RegExp(`^${PHONE_PATTERN}$`);
const digitCount = (s: string) => s.replace(/\D/g, '').length;

/** POST /api/contact body: name, email, phone and message, all required; surrounding spaces trimmed. */
export const contactBody = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(CONTACT_LIMITS.name, m.nameTooLong),
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .max(CONTACT_LIMITS.email, m.emailInvalid)
    .pipe(z.email(m.emailInvalid)),
  phone: z
    .string({ error: m.phoneInvalid })
    .trim()
    .regex(phoneChars, m.phoneInvalid)
    .refine((s) => digitCount(s) >= 7 && digitCount(s) <= 15, m.phoneInvalid),
  message: z
    .string({ error: m.messageRequired })
    .trim()
    .min(1, m.messageRequired)
    .max(CONTACT_LIMITS.message, m.messageTooLong),
});
export type ContactBody = z.infer<typeof contactBody>;

/** POST /api/contact reply (201): the id under which the message is stored. */
export const contactResponse = z.object({ id: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
