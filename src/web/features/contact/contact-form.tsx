import { useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, contactMessages } from '../../../shared/contact-messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { sendContactMessage } from './contact-api';
import {
  contactFields,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './contact-validation';
import { TextArea, TextField } from '../../components/ui/form-field';

const empty: ContactValues = { name: '', email: '', phone: '', message: '' };

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** Field errors the server named in its 400 details, keyed by field. */
function serverFieldErrors(err: ApiError): ContactErrors {
  const details = Array.isArray(err.details)
    ? (err.details as Array<{ path?: string; message?: string }>)
    : [];
  const errors: ContactErrors = {};
  for (const d of details) {
    if (d.path && (contactFields as readonly string[]).includes(d.path) && d.message)
      errors[d.path as ContactField] = d.message;
  }
  return errors;
}

/**
 * The contact form: name, email, phone and message, all required; checked here and on the server.
 * `initial` fills fields in (a plan request from the upgrade page), `label` names the form.
 */
export function ContactForm({
  initial,
  label = 'Contact the Markwise team',
}: {
  initial?: Partial<ContactValues>;
  label?: string;
} = {}) {
  const [values, setValues] = useState<ContactValues>({ ...empty, ...initial });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const form = useRef<HTMLFormElement>(null);

  const focusFirstError = (errs: ContactErrors) => {
    const first = contactFields.find((f) => errs[f]);
    if (first) form.current?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
  };

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (status.kind === 'sending') return;
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstError(found);
    setStatus({ kind: 'sending' });
    try {
      await sendContactMessage(values);
      setValues(empty);
      setStatus({ kind: 'sent' });
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? serverFieldErrors(err) : {};
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      const message =
        err instanceof ApiError && err.status === 429
          ? contactMessages.tooMany
          : Object.keys(fieldErrors).length
            ? 'Please correct the fields marked below.'
            : err instanceof ApiError && err.status < 500
              ? err.message
              : contactMessages.failed;
      setStatus({ kind: 'failed', message });
    }
  }

  const set = (field: ContactField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  if (status.kind === 'sent') {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 sm:p-8">
        <h3 className="text-lg font-semibold text-emerald-900">Message sent</h3>
        <p className="mt-2 text-emerald-900">{contactMessages.sent}</p>
        <Button
          variant="secondary"
          size="lg"
          onClick={() => setStatus({ kind: 'idle' })}
          className="mt-5"
        >
          Send another message
        </Button>
      </div>
    );
  }

  const sending = status.kind === 'sending';
  return (
    <form
      ref={form}
      noValidate
      onSubmit={handleSubmit}
      aria-label={label}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <p className="text-sm text-slate-600">All fields are required.</p>
      {status.kind === 'failed' ? <Alert tone="error">{status.message}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          id="contact-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
      </div>
      <TextField
        id="contact-phone"
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        inputMode="tel"
        maxLength={CONTACT_LIMITS.phone}
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <TextArea
        id="contact-message"
        label="Message"
        name="message"
        rows={5}
        required
        maxLength={CONTACT_LIMITS.message}
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
      <Button type="submit" size="xl" block busy={sending} className="sm:w-auto">
        {sending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
