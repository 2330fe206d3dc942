import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './marks.repository';

/** One change of an answer's marks: who made it (null for the AI), from what to what, and why. */
export interface MarkChange {
  submissionId: string;
  by: string | null;
  source: 'ai' | 'teacher';
  from: number | null;
  to: number | null;
  /** The question whose marks changed; none when the total was set as a whole. */
  question?: string | null;
  note?: string | null;
  at: string;
}

/**
 * Records a change of marks in the audit trail (mark_change), in the transaction that made the
 * change. Every write of marks, the AI's and the teacher's, goes through here; nothing else
 * writes mark_change.
 */
export async function recordMarkChange(db: Kysely<Database>, c: MarkChange): Promise<void> {
  await recordMarkChanges(db, [c]);
}

/** Records many changes at once (a group marked in one action), in few statements. */
export async function recordMarkChanges(db: Kysely<Database>, changes: MarkChange[]) {
  await repo.insertMarkChange(
    db,
    changes.map((c) => ({
      id: crypto.randomUUID(),
      submission_id: c.submissionId,
      changed_by: c.by,
      from_marks: c.from,
      to_marks: c.to,
      source: c.source,
      created_at: c.at,
      question: c.question ?? null,
      note: c.note ?? null,
    })),
  );
}
