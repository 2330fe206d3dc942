import { describe, expect, it } from 'vitest';
import { contactBody } from '../../../shared/contact';
import { validateContact, type ContactValues } from './contact-validation';

const valid: ContactValues = {
  name: 'Asha Rao',
  email: 'asha@school.example',
  phone: '+91 98450 12345',
  message: 'Hello',
};

const cases: Array<[string, Partial<ContactValues>]> = [
  ['a valid message', {}],
  ['a blank name', { name: '  ' }],
  ['a long name', { name: 'x'.repeat(101) }],
  ['an empty email', { email: '' }],
  ['an email without a domain dot', { email: 'asha@school' }],
  ['an email with a space', { email: 'asha rao@school.example' }],
  ['an empty phone', { phone: '' }],
  ['a phone with letters', { phone: '98450 ABCDE' }],
  ['a short phone', { phone: '123 45' }],
  ['a phone of 16 digits', { phone: '1234567890123456' }],
  ['a phone with brackets and dashes', { phone: '(080) 4000-1234' }],
  ['a blank message', { message: '\n' }],
  ['a long message', { message: 'x'.repeat(5001) }],
];

describe('validateContact', () => {
  it.each(cases)('agrees with the server on %s', (_label, change) => {
    const values = { ...valid, ...change };
    const client = validateContact(values);
    const server = contactBody.safeParse(values);
    const serverErrors = Object.fromEntries(
      (server.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(client).toEqual(serverErrors);
  });
});
