/** Words of the contact form, shared by the server's validation and the web form (no zod here, to keep the page light). */
export const contactMessages = {
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Please keep your name under 100 characters.',
  emailInvalid: 'Please enter a valid email address, like name@school.org.',
  phoneInvalid:
    'Please enter a phone number of 7 to 15 digits (spaces, +, - and brackets are fine).',
  messageRequired: 'Please write a message.',
  messageTooLong: 'Please keep your message under 5000 characters.',
  sent: 'Thank you! Your message has reached the Markwise team. We will reply to you by email.',
  failed: 'Your message could not be sent. Please check your connection and try again.',
  tooMany: 'You have sent several messages in a short time. Please wait a minute and try again.',
} as const;

/** Longest accepted values of the contact form fields. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, message: 5000 } as const;

/** Characters a phone number may hold; the digits among them must number 7 to 15 (E.164 allows 15). */
export const PHONE_PATTERN = '[0-9+()\\-. ]{7,20}';
