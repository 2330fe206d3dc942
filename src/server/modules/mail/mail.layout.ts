/** The product's name in every message's subject, greeting and signature. */
export const PRODUCT_NAME = 'Markwise';

/** What a message says: a greeting, paragraphs, one button-like link, and a closing note. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Said after the link (why the reader got this, what to do if it was not her). */
  after?: string[];
  /** For mail one may refuse: what it is about and the link that stops this kind at once. */
  unsubscribe?: { about: string; url: string };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A subject as one line: line breaks and other control characters (a title typed with one, say)
 * become a space, so the queue, the outbox page and every mail program show the same line.
 */
const oneLine = (s: string) => s.replace(/\s*\p{Cc}+\s*/gu, ' ').trim();

/** The plain-text and HTML versions of one message, both with the product's name and the link. */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const { greeting, paragraphs, action, after = [], unsubscribe } = content;
  const subject = oneLine(content.subject);
  const stop = unsubscribe
    ? `You get this email because of your ${PRODUCT_NAME} email settings. To stop emails about ${unsubscribe.about}`
    : '';
  const text = [
    greeting,
    ...paragraphs,
    `${action.label}:\n${action.url}`,
    ...after,
    `— ${PRODUCT_NAME}`,
    ...(unsubscribe ? [`${stop}:\n${unsubscribe.url}`] : []),
  ].join('\n\n');
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#0f172a">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<p style="margin:0 0 20px;font-size:18px;font-weight:bold;color:#4338ca">${PRODUCT_NAME}</p>
${[greeting, ...paragraphs].map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.url)}</a></p>
${after.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#475569">— ${PRODUCT_NAME}</p>
${unsubscribe ? `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(stop)}, <a href="${escapeHtml(unsubscribe.url)}" style="color:#4338ca">unsubscribe</a>.</p>` : ''}
</div>
</body>
</html>
`;
  return { subject, text, html };
}
