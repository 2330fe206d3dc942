import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordMarkChange } from './audit-trail';
import * as repo from './marks.repository';

/** The engine's result for one answer, as the grading steps write it. */
export interface AiResultWrite {
  aiMarks: number | null;
  status: 'graded' | 'unreadable';
  /** The whole result (AnswerResult) as JSON. */
  json: string;
  needsReview: boolean;
  at: string;
}

/**
 * Writes the engine's proposal for one answer in the caller's transaction, once per run: the
 * marks move only where the teacher has not given their own, an unreadable answer keeps no
 * marks, and a move of the marks goes to the audit trail. False when this run wrote it already.
 */
export async function writeAiResult(
  db: Kysely<Database>,
  runId: string,
  submissionId: string,
  result: AiResultWrite,
): Promise<boolean> {
  const change = await repo.writeAiResult(db, runId, submissionId, result);
  if (!change) return false;
  if (!change.teacherOwned && change.from !== change.to) {
    await recordMarkChange(db, {
      submissionId,
      by: null,
      source: 'ai',
      from: change.from,
      to: change.to,
      at: result.at,
    });
  }
  return true;
}
