import type { SwaggerTransform } from '@fastify/swagger';
import { z } from 'zod';
import { errorResponse } from '../../shared/api';
import { zodTransform } from './components';

/** Operation groups of the API reference, in the order it lists them. */
export const apiTags = [
  {
    name: 'accounts',
    description: 'Who is signed in and their role; sign-up and sign-in are better-auth’s',
  },
  {
    name: 'assignments',
    description: 'Dashboard cards, create, read, update, delete, join, files',
  },
  {
    name: 'classes',
    description: 'Classes: join code and link, roster, invitations, co-teachers, archiving',
  },
  { name: 'submissions', description: 'Hand in an answer, the grades table, answer files, marks' },
  { name: 'evaluations', description: '"Evaluate Now": grading runs, explained marks, CSV export' },
  { name: 'review', description: 'Rubric, marks per question, comments, publishing, agreement' },
  {
    name: 'regrades',
    description: 'A student asks for a question to be marked again; the teacher answers',
  },
  { name: 'notices', description: 'In-app notices to students' },
  { name: 'email', description: 'Email settings, unsubscribe links, the operator’s outbox' },
  { name: 'site', description: 'Health, public settings, contact form, avatars, this reference' },
] as const;
export type ApiTag = (typeof apiTags)[number]['name'];

/** OpenAPI security of a route anyone may call (no session cookie needed). */
export const publicRoute = { security: [] as Array<Record<string, string[]>> };

const refusalWords = {
  400: 'Invalid request: the message names the field (validation_failed, or a file refusal)',
  401: 'Not signed in (unauthorized)',
  403: 'Not allowed: wrong role, a joined student doing an owner’s action, or a cross-site write',
  404: 'No such assignment, submission or file, or not one of yours (not_found)',
  409: 'Conflicts with the current state; the code says which',
  410: 'A link that has expired (invitation_expired)',
  413: 'A file over 512000 bytes, or a body over 1 MB (file_too_large)',
  415: 'Wrong file type, or a body that is not of the type the route takes (unsupported_media_type)',
  429: 'Too many requests in a minute (too_many_requests)',
  500: 'Something went wrong on our side (internal_error); never shows internals',
  503: 'The database does not answer',
} as const;
type RefusalStatus = keyof typeof refusalWords;

const errorReply = (status: RefusalStatus) => ({
  description: refusalWords[status],
  content: { 'application/json': { schema: errorResponse } },
});

/**
 * The error replies a route may send, each `{error: {code, message, details?}}`, keyed by
 * status: the ones given plus 500, which any route may answer.
 */
export function refusals<const S extends RefusalStatus = never>(...statuses: S[]) {
  const out = {} as Record<S | 500, ReturnType<typeof errorReply>>;
  for (const status of [...statuses, 500 as const]) out[status] = errorReply(status);
  return out;
}

/** The refusals of every /api/assignments/:code route: not signed in, not allowed, not found. */
export const assignmentRefusals = [401, 403, 404] as const;

/** The refusals of a JSON body: invalid (400), over 1 MB (413), not JSON (415). */
export const bodyRefusals = [400, 413, 415] as const;

/** A JSON reply of a status: its schema and the words the reference shows for it. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A reply with no body (204). */
export const noContent = (description: string) => z.undefined().describe(description);

/** A file streamed in one of the given media types. */
export const binary = (mediaTypes: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: z.string().meta({ contentMediaType: type }) }]),
  ),
});

/**
 * Documents a multipart/form-data body that the route reads as a stream (so Fastify does not
 * validate it): the reference shows the form's fields and files from their zod schema.
 */
export const multipartBody = (form: z.ZodType): SwaggerTransform => {
  return (input) =>
    zodTransform({
      ...input,
      schema: { ...input.schema, body: form, consumes: ['multipart/form-data'] },
    } as Parameters<typeof zodTransform>[0]);
};
