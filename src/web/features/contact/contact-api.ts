import type { ContactResponse } from '../../../shared/contact';
import { api } from '../../lib/api';
import type { ContactValues } from './contact-validation';

/** Sends the contact form to POST /api/contact; throws ApiError with the server's message. */
export const sendContactMessage = (values: ContactValues) =>
  api<ContactResponse>('/api/contact', { method: 'POST', json: values });
