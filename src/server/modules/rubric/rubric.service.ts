import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  RubricItem,
  RubricItemBody,
  RubricItemPatch,
  RubricResponse,
} from '../../../shared/review';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import {
  findQuestion,
  questionsOf,
  type QuestionDeps,
  type StoredQuestion,
} from '../assignments/questions.service';
import { rescoreTickedAnswers } from '../marks/marking.service';
import * as repo from './rubric.repository';
import { round2 } from '../../../shared/marks-rounding';

/** 404 for a rubric item that is not the assignment's. */
const rubricItemNotFound = () =>
  new AppError(404, 'not_found', 'This assignment has no such rubric item.');

const toItem = (r: repo.RubricItemRow): RubricItem => ({
  id: r.id,
  question: r.question,
  text: r.text,
  points: Number(r.points),
  alternatives: JSON.parse(r.alternatives) as string[],
});

/** Each question's key points as rubric items, the question's marks shared among them. */
function initialItems(assignmentId: string, questions: StoredQuestion[]) {
  const at = nowIso();
  return questions.flatMap((q) => {
    const texts = q.keyPoints.length ? q.keyPoints : [q.questionText || `Question ${q.number}`];
    const each = Math.floor((q.total / texts.length) * 100) / 100;
    return texts.map((text, i) => ({
      id: crypto.randomUUID(),
      assignment_id: assignmentId,
      question: q.number,
      position: i,
      text,
      // The last item takes the rounding remainder, so the points add up to the question's marks.
      points: i === texts.length - 1 ? round2(q.total - each * (texts.length - 1)) : each,
      alternatives: '[]',
      created_at: at,
      updated_at: at,
    }));
  });
}

/**
 * The assignment's rubric: every question with its items. The first time, each question's key
 * points (from the model answer) become its items, sharing the question's marks.
 */
export async function rubricFor(
  deps: QuestionDeps,
  assignment: AssignmentRow,
): Promise<RubricResponse> {
  const db = deps.db.kysely;
  const questions = await questionsOf(deps, assignment);
  let rows = await repo.rubricItems(db, assignment.id);
  if (!rows.length) {
    await repo.insertRubricItems(db, initialItems(assignment.id, questions));
    rows = await repo.rubricItems(db, assignment.id);
  }
  return {
    questions: questions.map((q) => ({
      number: q.number,
      total: q.total,
      questionText: q.questionText,
      items: rows.filter((r) => r.question === q.number).map(toItem),
    })),
  };
}

/** Adds an item to a question's rubric. */
export async function addRubricItem(
  deps: QuestionDeps,
  assignment: AssignmentRow,
  body: RubricItemBody,
) {
  await rubricFor(deps, assignment);
  const question = findQuestion(await questionsOf(deps, assignment), body.question);
  const db = deps.db.kysely;
  const same = (await repo.rubricItems(db, assignment.id)).filter(
    (i) => i.question === question.number,
  );
  const at = nowIso();
  const id = crypto.randomUUID();
  await repo.insertRubricItems(db, [
    {
      id,
      assignment_id: assignment.id,
      question: question.number,
      position: same.length ? Math.max(...same.map((i) => i.position)) + 1 : 0,
      text: body.text,
      points: body.points,
      alternatives: JSON.stringify(body.alternatives),
      created_at: at,
      updated_at: at,
    },
  ]);
  return {
    item: toItem((await repo.rubricItems(db, assignment.id)).find((i) => i.id === id)!),
    moved: [],
  };
}

async function findItem(db: Kysely<Database>, assignment: AssignmentRow, id: string) {
  const item = (await repo.rubricItems(db, assignment.id)).find((i) => i.id === id);
  if (!item) throw rubricItemNotFound();
  return item;
}

/**
 * Changes or removes one rubric item in a transaction, then re-scores every answer of its
 * question that ticked items; `change` returns the item as it is after (null when removed).
 */
async function changeItem(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  id: string,
  note: (item: repo.RubricItemRow) => string,
  change: (trx: Kysely<Database>) => Promise<RubricItem | null>,
) {
  const questions = await questionsOf(deps, assignment);
  return deps.db.kysely.transaction().execute(async (trx) => {
    const before = await findItem(trx, assignment, id);
    const item = await change(trx);
    const question = findQuestion(questions, before.question);
    const moved = await rescoreTickedAnswers(
      trx,
      teacher,
      assignment,
      questions,
      question,
      note(before),
    );
    return { item, moved };
  });
}

/** Changes an item's wording, points or alternatives; a change of points re-scores every answer that ticked it. */
export function updateRubricItem(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  id: string,
  patch: RubricItemPatch,
) {
  return changeItem(
    deps,
    teacher,
    assignment,
    id,
    (i) => `rubric item changed: ${i.text}`,
    async (trx) => {
      await repo.updateRubricItem(trx, id, {
        ...(patch.text !== undefined ? { text: patch.text } : {}),
        ...(patch.points !== undefined ? { points: patch.points } : {}),
        ...(patch.alternatives !== undefined
          ? { alternatives: JSON.stringify(patch.alternatives) }
          : {}),
        updated_at: nowIso(),
      });
      return toItem(await findItem(trx, assignment, id));
    },
  );
}

/** Removes an item; answers that ticked it lose its points. */
export function deleteRubricItem(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  id: string,
) {
  return changeItem(
    deps,
    teacher,
    assignment,
    id,
    (i) => `rubric item removed: ${i.text}`,
    async (trx) => {
      await repo.deleteRubricItem(trx, id);
      return null;
    },
  );
}
