/** Seeding a running Markwise through its own HTTP API, for the HTTP benchmark. */

/** A signed-up user's session cookie. */
export interface SeededUser {
  email: string;
  cookie: string;
}

/** Signs a user up through better-auth (which signs them in) and sets their role. */
export async function signUpOverHttp(
  base: string,
  name: string,
  role: 'teacher' | 'student',
): Promise<SeededUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}@bench.example`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name, email, password: 'bench-secret' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie: await chooseRoleOverHttp(base, cookie, role) };
}

/**
 * Sets a signed-in user's role and returns their Cookie header with the session cookie cache the
 * next read hands out (now with the role), as a browser keeps it.
 */
export async function chooseRoleOverHttp(
  base: string,
  cookie: string,
  role: 'teacher' | 'student',
): Promise<string> {
  const chosen = await fetch(`${base}/api/me/role`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ role }),
  });
  if (!chosen.ok) throw new Error(`choosing the role failed: ${chosen.status}`);
  const read = await fetch(`${base}/api/session`, { headers: { cookie } });
  return withSetCookies(cookie, read.headers.getSetCookie());
}

/** A Cookie header updated with a response's Set-Cookie headers (expired ones removed). */
function withSetCookies(cookie: string, setCookies: string[]): string {
  const jar = new Map(
    cookie.split('; ').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  for (const header of setCookies) {
    const [pair] = header.split(';');
    const [name, value] = pair!.split(/=(.*)/s) as [string, string];
    if (!value || /max-age=0/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Creates an assignment through the multipart API and returns its class code. */
export async function createAssignmentOverHttp(
  base: string,
  teacher: SeededUser,
  i: number,
  pdf: Buffer,
  opts: { modelAnswer?: Buffer; totalMarks?: number } = {},
): Promise<string> {
  const form = new FormData();
  form.set('title', `Assignment ${i}`);
  form.set('description', `Answer every question of worksheet ${i} in full sentences.`);
  form.set('deadline', new Date(Date.now() + (i + 1) * 86_400_000).toISOString());
  form.set('totalMarks', String(opts.totalMarks ?? 20));
  form.set(
    'questionPaper',
    new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
    'question.pdf',
  );
  form.set(
    'modelAnswer',
    new Blob([new Uint8Array(opts.modelAnswer ?? pdf)], { type: 'application/pdf' }),
    'model.pdf',
  );
  const res = await fetch(`${base}/api/assignments`, {
    method: 'POST',
    headers: { origin: base, cookie: teacher.cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

/** Joins an assignment by code. */
export async function joinOverHttp(base: string, student: SeededUser, code: string) {
  const res = await fetch(`${base}/api/assignments/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: student.cookie },
    body: JSON.stringify({ code }),
  });
  if (!res.ok) throw new Error(`join failed: ${res.status} ${await res.text()}`);
}

/** A multipart body with one file field, built once and sent many times. */
export function multipartBody(field: string, filename: string, content: Buffer) {
  const boundary = '----markwise-bench-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
