import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * Every hand-in of the assignments with its student's name and, of its kept reading, only its
 * first characters (which reader version made it) and its size: what tells whether the reading
 * changed, without loading it (a reading of scanned pages holds every word's box on the page).
 */
export async function handInsOf(db: Kysely<Database>, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return [];
  return db
    .selectFrom('submission as s')
    .innerJoin('user as u', 'u.id', 's.student_id')
    .select([
      's.id',
      's.assignment_id',
      's.student_id',
      's.file_id',
      'u.name as student_name',
      sql<string | null>`substr(s.reading, 1, 16)`.as('reading_head'),
      sql<number | null>`octet_length(s.reading)`.as('reading_bytes'),
    ])
    .where('s.assignment_id', 'in', assignmentIds)
    .orderBy('s.submitted_at')
    .orderBy('s.id')
    .execute();
}

/**
 * The text of each hand-in's kept reading ('' when it was read and had none), taken out of the
 * JSON by the database: the pages and their word boxes never reach the server. In slices, so a
 * large class stays under every driver's limit on bound values.
 */
export async function readingTexts(db: Db, ids: string[]) {
  const text =
    db.dialect === 'postgres'
      ? sql<string>`case when s.reading::json -> 'doc' ->> 'status' = 'ok'
          then s.reading::json -> 'doc' ->> 'text' else '' end`
      : sql<string>`case when json_extract(s.reading, '$.doc.status') = 'ok'
          then json_extract(s.reading, '$.doc.text') else '' end`;
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('submission as s')
      .select(['s.id', text.as('text')])
      .where('s.id', 'in', ids.slice(i, i + 500))
      .where('s.reading', 'is not', null)
      .execute();
    for (const r of rows) out.set(r.id, r.text ?? '');
  }
  return out;
}

/** The question paper's and the model answer's files (id and content hash), in one query. */
export async function paperFiles(
  db: Kysely<Database>,
  a: { question_file_id: string | null; model_answer_file_id: string | null },
) {
  const ids = [a.question_file_id, a.model_answer_file_id].filter((x): x is string => !!x);
  const rows = ids.length
    ? await db.selectFrom('file').select(['id', 'sha256']).where('id', 'in', ids).execute()
    : [];
  const hash = (id: string | null) => rows.find((r) => r.id === id)?.sha256 ?? null;
  return { question: hash(a.question_file_id), model: hash(a.model_answer_file_id) };
}

/** How many earlier runs of the same assignment are compared (the most recent ones). */
export const EARLIER_RUNS = 5;

/**
 * The same assignment set earlier: the most recent assignments made before this one whose
 * question paper or model answer is the same file content, that the teacher teaches (her own, or
 * a class's she co-teaches).
 */
export async function earlierRuns(
  db: Kysely<Database>,
  a: { id: string; created_at: string },
  hashes: { question: string | null; model: string | null },
  teacherId: string,
) {
  if (!hashes.question && !hashes.model) return [];
  return db
    .selectFrom('assignment as a')
    .leftJoin('file as q', 'q.id', 'a.question_file_id')
    .leftJoin('file as m', 'm.id', 'a.model_answer_file_id')
    .leftJoin('class as c', 'c.id', 'a.class_id')
    .select(['a.id', 'a.title', 'a.anonymous_marking', 'c.name as class_name'])
    .where('a.id', '!=', a.id)
    .where('a.created_at', '<', a.created_at)
    .where((eb) =>
      eb.or([
        ...(hashes.question ? [eb('q.sha256', '=', hashes.question)] : []),
        ...(hashes.model ? [eb('m.sha256', '=', hashes.model)] : []),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('a.teacher_id', '=', teacherId),
        eb(
          'a.class_id',
          'in',
          eb
            .selectFrom('class_member')
            .select('class_id')
            .where('user_id', '=', teacherId)
            .where('role', '=', 'teacher')
            .where('removed_at', 'is', null),
        ),
      ]),
    )
    .orderBy('a.created_at', 'desc')
    .limit(EARLIER_RUNS)
    .execute();
}
