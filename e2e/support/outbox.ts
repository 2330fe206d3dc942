import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { withDatabase } from './database';

/**
 * The newest email of `kind` ("class_invitation") to `to`, as it was delivered: its id from the
 * mail queue, then its .eml file in DATA_DIR/outbox (the shared server has no SMTP_URL), parsed.
 * The sender writes it in the background, so this waits for the file (up to 15 s).
 */
export async function deliveredMail(
  dataDir: string,
  to: string,
  kind: string,
): Promise<ParsedMail> {
  const id = withDatabase(
    dataDir,
    (db) =>
      (
        db
          .prepare(
            'select id from mail_message where to_address = ? and kind = ? order by created_at desc limit 1',
          )
          .get(to, kind) as { id: string } | undefined
      )?.id,
  );
  if (!id) throw new Error(`no ${kind} email queued to ${to}`);
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const file = fs.existsSync(dir)
      ? fs.readdirSync(dir).find((f) => f.endsWith(`_${id}.eml`))
      : undefined;
    if (file) return simpleParser(fs.readFileSync(path.join(dir, file)));
    if (Date.now() > deadline) throw new Error(`the ${kind} email to ${to} never reached ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
