import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every hand-in of the assignments with its student's name and its kept reading. */
export async function handInsOf(db: Kysely<Database>, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return [];
  return db
    .selectFrom('submission as s')
    .innerJoin('user as u', 'u.id', 's.student_id')
    .select(['s.id', 's.assignment_id', 's.student_id', 's.reading', 'u.name as student_name'])
    .where('s.assignment_id', 'in', assignmentIds)
    .orderBy('s.submitted_at')
    .orderBy('s.id')
    .execute();
}

/** The content hashes of the assignment's question paper and model answer. */
export async function paperHashes(
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
