import type { Kysely } from 'kysely';
import { decodeReading } from '../../../grading';
import {
  FLAG_SHARE,
  FLAG_WORDS,
  findSimilar,
  type SimilarityDoc,
} from '../../../grading/similarity';
import type {
  NamedHandIn,
  SimilarHandIn,
  SimilarityReport,
  SimilarPairDetail,
} from '../../../shared/similarity';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { AssignmentRow } from '../assignments/assignments.service';
import type { QuestionDeps } from '../assignments/questions.service';
import { readFileBytes } from '../files/files.service';
import * as repo from './similarity.repository';

// Computed on demand, never stored: comparing a class of 500 two-page hand-ins takes well under
// a second (npm run bench:similarity), and a stored report would go stale with every hand-in.
// Only the papers' text is kept, in memory, by file content (reading a PDF costs more than
// comparing the class).

type HandIn = {
  id: string;
  studentName: string;
  earlier: { title: string; className: string | null } | null;
  text: string | null;
  empty: boolean;
};

/** Everything the report and a pair's detail are made from. */
type Comparison = {
  report: ReturnType<typeof findSimilar>;
  handIns: Map<string, HandIn>;
  unread: NamedHandIn[];
  compared: number;
  earlier: SimilarityReport['earlier'];
};

const PAPER_CACHE = 64;
const paperTexts = new Map<string, string>();

/** A paper's text (its PDF read in a reader process, once per content), or '' when unreadable. */
async function paperText(deps: QuestionDeps, assignment: AssignmentRow, fileId: string | null) {
  if (!fileId) return '';
  const file = await deps.db.kysely
    .selectFrom('file')
    .select('sha256')
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file) return '';
  const kept = paperTexts.get(file.sha256);
  if (kept !== undefined) return kept;
  const bytes = await readFileBytes(deps.db.kysely, deps.store, fileId);
  if (!bytes) return '';
  const { pool, reading } = deps.checker;
  const out = await pool
    .run(
      { type: 'extract', bytes, limits: reading.limits },
      {
        lane: 'interactive',
        owner: `assignment:${assignment.id}`,
        timeoutMs: reading.gradeTimeoutMs,
      },
    )
    // A paper that cannot be read now is not ignored this time (and not kept): the hand-ins are
    // still compared.
    .catch(() => null);
  if (!out) return '';
  const text = out.ok && out.value.status === 'ok' ? out.value.text : '';
  if (paperTexts.size >= PAPER_CACHE) paperTexts.delete(paperTexts.keys().next().value!);
  paperTexts.set(file.sha256, text);
  return text;
}

/** The text of a kept reading: null when not read yet, '' when read and no text was found. */
export function readingText(reading: string | null): string | null {
  if (!reading) return null;
  const doc = decodeReading(reading);
  if (!doc) return null;
  return doc.status === 'ok' ? doc.text : '';
}

/**
 * Compares the assignment's hand-ins with each other and with the same assignment's hand-ins in
 * the teacher's earlier classes, ignoring the papers' text (`papers`).
 */
export async function compareHandIns(
  db: Kysely<Database>,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  papers: string[],
): Promise<Comparison> {
  const runs = await repo.earlierRuns(
    db,
    assignment,
    await repo.paperHashes(db, assignment),
    teacher.id,
  );
  const rows = await repo.handInsOf(db, [assignment.id, ...runs.map((r) => r.id)]);
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const handIns = new Map<string, HandIn>();
  const docs: SimilarityDoc[] = [];
  const unread: NamedHandIn[] = [];
  for (const row of rows) {
    const run = runOf.get(row.assignment_id);
    const text = readingText(row.reading);
    const studentName = run && Number(run.anonymous_marking) === 1 ? 'A student' : row.student_name;
    const earlier = run ? { title: run.title, className: run.class_name } : null;
    handIns.set(row.id, { id: row.id, studentName, earlier, text, empty: text === '' });
    if (text === null) {
      if (!run) unread.push({ submissionId: row.id, studentName });
      continue;
    }
    docs.push({ id: row.id, text, person: row.student_id, current: !run });
  }
  const report = findSimilar(docs, { ignore: papers });
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.assignment_id, (counts.get(row.assignment_id) ?? 0) + 1);
  return {
    report,
    handIns,
    unread,
    compared: docs.filter((d) => d.current).length - report.empty.length,
    earlier: runs.map((r) => ({
      title: r.title,
      className: r.class_name,
      handIns: counts.get(r.id) ?? 0,
    })),
  };
}

/** The papers' text of the assignment: what every hand-in may quote without being a copy. */
export async function papersOf(deps: QuestionDeps, assignment: AssignmentRow) {
  return Promise.all([
    paperText(deps, assignment, assignment.question_file_id),
    paperText(deps, assignment, assignment.model_answer_file_id),
  ]);
}

const named = (handIns: Map<string, HandIn>) => (id: string) => ({
  submissionId: id,
  studentName: handIns.get(id)!.studentName,
});

/** The report as the teacher reads it. */
export function presentReport(c: Comparison): SimilarityReport {
  const name = named(c.handIns);
  const side = (id: string, share: number): SimilarHandIn => ({
    ...name(id),
    share,
    earlier: c.handIns.get(id)!.earlier,
  });
  return {
    pairs: c.report.pairs.map((p) => ({
      a: side(p.a, p.shareA),
      b: side(p.b, p.shareB),
      sharedWords: p.sharedWords,
      passages: p.passages.length,
    })),
    morePairs: c.report.morePairs,
    identical: c.report.identical.map((ids) => ids.map(name)),
    empty: c.report.empty.map(name),
    unread: c.unread,
    compared: c.compared,
    earlier: c.earlier,
    commonPhrases: c.report.commonPhrases,
    flagLine: { share: FLAG_SHARE, words: FLAG_WORDS },
  };
}

/** GET …/similarity: the pairs of hand-ins over the flag line, and what was not compared. */
export async function similarityReportOf(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
) {
  const papers = await papersOf(deps, assignment);
  return presentReport(await compareHandIns(deps.db.kysely, teacher, assignment, papers));
}

/**
 * GET …/similarity/pairs/:a/:b: both texts with their shared passages. Only a pair the report
 * lists is shown (404 otherwise), so no other hand-in's text can be asked for.
 */
export async function similarPairOf(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  a: string,
  b: string,
): Promise<SimilarPairDetail> {
  const papers = await papersOf(deps, assignment);
  const c = await compareHandIns(deps.db.kysely, teacher, assignment, papers);
  const pair = c.report.pairs.find((p) => p.a === a && p.b === b);
  if (!pair)
    throw new AppError(404, 'pair_not_found', 'These two hand-ins are not a similar pair.');
  const text = (id: string, share: number, passages: Array<[number, number]>) => ({
    ...named(c.handIns)(id),
    share,
    earlier: c.handIns.get(id)!.earlier,
    text: c.handIns.get(id)!.text ?? '',
    passages,
  });
  return {
    a: text(
      a,
      pair.shareA,
      pair.passages.map((p) => p.a),
    ),
    b: text(
      b,
      pair.shareB,
      pair.passages.map((p) => p.b),
    ),
    sharedWords: pair.sharedWords,
  };
}
