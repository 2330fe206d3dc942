import type { ErrorResponse } from '../../shared/api';

/** A failed API call: the HTTP status and the server's stable error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Calls our API with the session cookie; JSON in and out; throws ApiError with the server's message. */
export async function api<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (body as Partial<ErrorResponse> | null)?.error;
    // better-auth answers with {code, message} at the top level
    const flat = body as { code?: string; message?: string } | null;
    throw new ApiError(
      res.status,
      err?.code ?? flat?.code ?? 'http_' + res.status,
      err?.message ?? flat?.message ?? res.statusText,
      err?.details,
    );
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
