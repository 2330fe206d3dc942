import type { ContactBody } from '../../../shared/contact';

/** How long a forward may take before it counts as failed. */
export const FORWARD_TIMEOUT_MS = 10_000;

/**
 * Posts a message to the external form-mail service as application/x-www-form-urlencoded
 * (access_key, name, email, phone, message). Resolves on a 2xx answer; throws with a short
 * reason otherwise (HTTP status, timeout or network error).
 */
export async function forwardContactMessage(
  url: string,
  accessKey: string | undefined,
  message: ContactBody,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<void> {
  const form = new URLSearchParams({
    ...(accessKey ? { access_key: accessKey } : {}),
    name: message.name,
    email: message.email,
    phone: message.phone,
    message: message.message,
  });
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError') throw new Error(`no answer within ${timeoutMs} ms`);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
    throw new Error(`network error${cause ? `: ${cause}` : ''}`);
  }
  await res.body?.cancel();
  if (!res.ok) throw new Error(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
}
