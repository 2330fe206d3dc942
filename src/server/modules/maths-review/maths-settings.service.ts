import type { Kysely } from 'kysely';
import {
  DEFAULT_TOLERANCE_PERCENT,
  DEFAULT_WRONG_UNIT_SHARE_PERCENT,
} from '../../../shared/limits';
import type {
  MathsSettingsBody,
  MathsSettingsResponse,
  QuestionMathsSettings,
} from '../../../shared/maths-review';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import type { AssignmentRow } from '../assignments/assignments.service';
import { findQuestion, questionsOf, type QuestionDeps } from '../assignments/questions.service';
import * as repo from './maths-review.repository';

/** How the engine reads one question's settings: fractions, as in its MathsSettings. */
export type EngineMathsSettings = { tolerance: number; wrongUnitShare: number };

/**
 * Every question of the assignment with how its numbers are marked: the teacher's settings where
 * she set them, else the defaults (2% and 50%). 409 model_unreadable like the rubric.
 */
export async function mathsSettingsOf(
  deps: QuestionDeps,
  assignment: AssignmentRow,
): Promise<MathsSettingsResponse> {
  const questions = await questionsOf(deps, assignment);
  const rows = await repo.questionSettings(deps.db.kysely, assignment.id);
  return {
    questions: questions.map((q): QuestionMathsSettings => {
      const row = rows.find((r) => r.question === q.number);
      return {
        question: q.number,
        tolerancePercent: row ? Number(row.tolerance_percent) : DEFAULT_TOLERANCE_PERCENT,
        wrongUnitSharePercent: row
          ? Number(row.wrong_unit_share_percent)
          : DEFAULT_WRONG_UNIT_SHARE_PERCENT,
        custom: row !== undefined,
      };
    }),
  };
}

/**
 * Sets how one question's numbers are marked. Like a change of the rubric's wording, it moves no
 * marks by itself: the next run (Evaluate Now, or "Evaluate again" beside the settings) reads it.
 * 404 unknown_question for a question the papers lack.
 */
export async function setMathsSettings(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  number: string,
  body: MathsSettingsBody,
): Promise<QuestionMathsSettings> {
  const question = findQuestion(await questionsOf(deps, assignment), number);
  await repo.upsertQuestionSetting(deps.db.kysely, {
    assignment_id: assignment.id,
    question: question.number,
    tolerance_percent: body.tolerancePercent,
    wrong_unit_share_percent: body.wrongUnitSharePercent,
    updated_by: teacher.id,
    updated_at: nowIso(),
  });
  return { question: question.number, ...body, custom: true };
}

/**
 * The settings a grading run prepares the assignment with, by question number, as fractions;
 * questions the teacher left alone are absent (the engine's defaults apply).
 */
export async function engineMathsSettings(
  db: Kysely<Database>,
  assignmentId: string,
): Promise<Record<string, EngineMathsSettings>> {
  const out: Record<string, EngineMathsSettings> = {};
  for (const r of await repo.questionSettings(db, assignmentId))
    out[r.question] = {
      tolerance: Number(r.tolerance_percent) / 100,
      wrongUnitShare: Number(r.wrong_unit_share_percent) / 100,
    };
  return out;
}
