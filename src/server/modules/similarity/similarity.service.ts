import crypto from 'node:crypto';
import { READING_PREFIX } from '../../../grading';
import {
  FLAG_SHARE,
  FLAG_WORDS,
  type SimilarityDoc,
  type SimilarityReport as EngineReport,
} from '../../../grading/similarity';
import {
  MAX_COMPARED_HAND_INS,
  type NamedHandIn,
  type SimilarHandIn,
  type SimilarityReport,
  type SimilarPairDetail,
} from '../../../shared/similarity';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { SandboxPool } from '../../sandbox/sandbox-pool';
import type { AssignmentRow } from '../assignments/assignments.service';
import type { QuestionDeps } from '../assignments/questions.service';
import { papersOf, type Papers } from './similarity-papers';
import { reportFor } from './similarity-reports';
import * as repo from './similarity.repository';

type HandIn = {
  id: string;
  studentName: string;
  earlier: { title: string; className: string | null } | null;
};

/** Everything the report and a pair's detail are made from. */
export type Comparison = {
  report: EngineReport;
  handIns: Map<string, HandIn>;
  unread: NamedHandIn[];
  compared: number;
  earlier: SimilarityReport['earlier'];
  overLimit: SimilarityReport['overLimit'];
  papers: Papers;
};

/** A report may take this long to make (in a reader process, off the server's event loop). */
export const COMPARE_TIMEOUT_MS = 30_000;

const overLimit = (what: string) =>
  new AppError(
    503,
    'similarity_over_limit',
    `Comparing the hand-ins ${what}. Try again later; if it happens again, tell your administrator.`,
  );

/**
 * Compares the texts in a reader process under a time limit: a class of long hand-ins could
 * otherwise hold the server's event loop for seconds (npm run bench:similarity).
 */
async function compareInReader(
  pool: SandboxPool,
  assignmentId: string,
  docs: SimilarityDoc[],
  ignore: string[],
) {
  const out = await pool.run(
    { type: 'similar', docs, options: { ignore } },
    { lane: 'interactive', owner: `similarity:${assignmentId}`, timeoutMs: COMPARE_TIMEOUT_MS },
  );
  if (out.ok) return out.value;
  throw overLimit(
    out.limit === 'time'
      ? `took longer than ${COMPARE_TIMEOUT_MS / 1000} seconds, the limit`
      : out.limit === 'memory'
        ? 'needed more memory than the limit'
        : 'stopped unexpectedly',
  );
}

type Row = Awaited<ReturnType<typeof repo.handInsOf>>[number];

/** Whether the reading kept is the current reader's (an older one's is read again first). */
const isRead = (row: Row) => row.reading_head?.startsWith(READING_PREFIX) ?? false;

/**
 * Compares the assignment's hand-ins with each other and with the same assignment's hand-ins in
 * the teacher's earlier classes, leaving out the papers' text: at most MAX_COMPARED_HAND_INS,
 * this class's first in the order they came.
 */
export async function compareHandIns(
  deps: { db: Db; pool: SandboxPool },
  teacher: CurrentUser,
  assignment: AssignmentRow,
  papers: Papers,
  limit = MAX_COMPARED_HAND_INS,
): Promise<Comparison> {
  const { db } = deps;
  const runs = await repo.earlierRuns(db.kysely, assignment, papers.hashes, teacher.id);
  const rows = await repo.handInsOf(db.kysely, [assignment.id, ...runs.map((r) => r.id)]);
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const handIns = new Map<string, HandIn>();
  const unread: NamedHandIn[] = [];
  const current: Row[] = [];
  const earlier: Row[] = [];
  for (const row of rows) {
    const run = runOf.get(row.assignment_id);
    const studentName = run && Number(run.anonymous_marking) === 1 ? 'A student' : row.student_name;
    handIns.set(row.id, {
      id: row.id,
      studentName,
      earlier: run ? { title: run.title, className: run.class_name } : null,
    });
    if (!isRead(row)) {
      if (!run) unread.push({ submissionId: row.id, studentName });
    } else (run ? earlier : current).push(row);
  }
  // The most recent earlier run first (earlierRuns' order) when they do not all fit.
  const runOrder = new Map(runs.map((r, i) => [r.id, i]));
  earlier.sort((x, y) => runOrder.get(x.assignment_id)! - runOrder.get(y.assignment_id)!);
  const compared = current.slice(0, limit);
  const comparedEarlier = earlier.slice(0, limit - compared.length);
  const chosen = [...compared, ...comparedEarlier];
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([assignment.id, papers.key, limit]))
    .update(
      chosen
        .map(
          (r) =>
            `${r.id}:${r.student_id}:${r.file_id}:${r.assignment_id}:${r.reading_head}:${r.reading_bytes}`,
        )
        .join('\n'),
    )
    .digest('hex');
  const report = await reportFor(key, async () => {
    const texts = await repo.readingTexts(
      db,
      chosen.map((r) => r.id),
    );
    const docs: SimilarityDoc[] = chosen.map((r) => ({
      id: r.id,
      text: texts.get(r.id) ?? '',
      person: r.student_id,
      current: r.assignment_id === assignment.id,
    }));
    return compareInReader(deps.pool, assignment.id, docs, papers.ignore);
  });
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.assignment_id, (counts.get(row.assignment_id) ?? 0) + 1);
  const left = {
    thisClass: current.length - compared.length,
    earlier: earlier.length - comparedEarlier.length,
  };
  return {
    report,
    handIns,
    unread,
    compared: compared.length - report.empty.length,
    earlier: runs.map((r) => ({
      title: r.title,
      className: r.class_name,
      handIns: counts.get(r.id) ?? 0,
    })),
    overLimit: left.thisClass + left.earlier > 0 ? { limit, ...left } : null,
    papers,
  };
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
    papers: c.papers.states,
    papersIgnored: c.papers.states.every((p) => p.ignored),
    overLimit: c.overLimit,
    commonPhrases: c.report.commonPhrases,
    flagLine: { share: FLAG_SHARE, words: FLAG_WORDS },
  };
}

/** The comparison the routes answer from (kept reports reused). */
async function comparisonOf(deps: QuestionDeps, teacher: CurrentUser, assignment: AssignmentRow) {
  const papers = await papersOf(deps, assignment);
  return compareHandIns({ db: deps.db, pool: deps.checker.pool }, teacher, assignment, papers);
}

/** GET …/similarity: the pairs of hand-ins over the flag line, and what was not compared. */
export async function similarityReportOf(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
) {
  return presentReport(await comparisonOf(deps, teacher, assignment));
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
  return readPairDetail(deps.db, await comparisonOf(deps, teacher, assignment), a, b);
}

/** A listed pair's detail: its passages come from the report, only the two texts are loaded. */
export async function readPairDetail(
  db: Db,
  c: Comparison,
  a: string,
  b: string,
): Promise<SimilarPairDetail> {
  const pair = c.report.pairs.find((p) => p.a === a && p.b === b);
  if (!pair)
    throw new AppError(404, 'pair_not_found', 'These two hand-ins are not a similar pair.');
  const texts = await repo.readingTexts(db, [a, b]);
  const side = (id: string, share: number, passages: Array<[number, number]>) => ({
    ...named(c.handIns)(id),
    share,
    earlier: c.handIns.get(id)!.earlier,
    text: texts.get(id) ?? '',
    passages,
  });
  return {
    a: side(
      a,
      pair.shareA,
      pair.passages.map((p) => p.a),
    ),
    b: side(
      b,
      pair.shareB,
      pair.passages.map((p) => p.b),
    ),
    sharedWords: pair.sharedWords,
  };
}
