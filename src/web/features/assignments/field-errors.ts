import { ApiError } from '../../lib/api';

/**
 * Splits a server error into messages per form field (from the zod `details` list, or a
 * `{field}` detail on file errors) and a general message for the rest.
 */
export function fieldErrors(err: unknown): { fields: Record<string, string>; general?: string } {
  if (!(err instanceof ApiError)) {
    return { fields: {}, general: 'Something went wrong. Please try again.' };
  }
  const fields: Record<string, string> = {};
  const details = err.details;
  if (Array.isArray(details)) {
    for (const d of details as { path?: unknown; message?: unknown }[]) {
      if (typeof d.path === 'string' && d.path && typeof d.message === 'string') {
        fields[d.path.split('.')[0]!] ??= d.message;
      }
    }
  } else if (details && typeof details === 'object' && 'field' in details) {
    const field = (details as { field: unknown }).field;
    if (typeof field === 'string') fields[field] = err.message;
  }
  return { fields, general: Object.keys(fields).length ? undefined : err.message };
}
