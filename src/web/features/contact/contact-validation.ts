import {
  CONTACT_LIMITS,
  contactMessages as m,
  PHONE_PATTERN,
} from '../../../shared/contact-messages';

export const contactFields = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

const phoneChars = new RegExp(`^${PHONE_PATTERN}$`);
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the form before sending, with the same rules and words as the server (which checks again). */
export function validateContact(values: ContactValues): ContactErrors {
  const v = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    message: values.message.trim(),
  };
  const errors: ContactErrors = {};
  if (!v.name) errors.name = m.nameRequired;
  else if (v.name.length > CONTACT_LIMITS.name) errors.name = m.nameTooLong;
  if (!emailShape.test(v.email) || v.email.length > CONTACT_LIMITS.email)
    errors.email = m.emailInvalid;
  const digits = v.phone.replace(/\D/g, '').length;
  if (!phoneChars.test(v.phone) || digits < 7 || digits > 15) errors.phone = m.phoneInvalid;
  if (!v.message) errors.message = m.messageRequired;
  else if (v.message.length > CONTACT_LIMITS.message) errors.message = m.messageTooLong;
  return errors;
}
