import type { AnswerAnalysis, PreparedAssignment, QuestionScoring } from '../../../grading';
import { median } from '../../../grading/groups';
import type {
  AnswerGroup,
  AnswerGroupsResponse,
  GroupMarkBody,
  GroupMarkResponse,
  GroupMember,
} from '../../../shared/answer-groups';
import { groupMessages } from '../../../shared/answer-groups';
import { aiResult } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import type { CurrentUser } from '../../auth/current-user';
import { badRequest, notFound } from '../../errors';
import type { AssignmentRow } from '../assignments/assignments.service';
import { findQuestion, questionsOf, type QuestionDeps } from '../assignments/questions.service';
import { setQuestionMarks } from '../marks/marking.service';
import * as repo from './answer-groups.repository';

/** Most characters of an answer a group keeps to show (the review shows the whole answer). */
const TEXT_KEPT = 2000;

/** One group as a run stores it: submission ids (representative first) and their texts. */
type StoredGroup = {
  members: string[];
  texts: string[];
  share: number;
  sureness: number;
  flag: AnswerGroup['flag'];
  finalNumber: string | null;
  empty: boolean;
};

/** A run's groups by question number (JSON in evaluation_run.groups). */
type StoredGroups = Record<string, StoredGroup[]>;

/**
 * The groups a run's scoring found per question (see groupScoring), with the submission ids and
 * each answer's text for the question, as JSON to keep on the run.
 */
export function storedGroupsOf(
  prepared: PreparedAssignment,
  answers: Array<{ id: string; analysis: AnswerAnalysis }>,
  scorings: QuestionScoring[],
): string {
  const out: StoredGroups = {};
  prepared.questions.forEach((q, qi) => {
    out[q.number] = (scorings[qi]?.groups ?? []).map((g) => ({
      members: g.members.map((i) => answers[i]!.id),
      texts: g.members.map((i) =>
        (answers[i]!.analysis.questions[qi]?.text ?? '').slice(0, TEXT_KEPT),
      ),
      share: g.share,
      sureness: Math.round(g.sureness * 1000) / 1000,
      flag: g.flag ?? null,
      finalNumber: g.finalNumber,
      empty: g.empty,
    }));
  });
  return JSON.stringify(out);
}

type AnswerRow = Awaited<ReturnType<typeof repo.answersWithMarks>>[number];

/** The engine's stored result of an answer, or null (none yet, or in an older shape). */
function parseAi(json: string | null) {
  if (!json) return null;
  const parsed = aiResult.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

function memberOf(row: AnswerRow, number: string, text: string): GroupMember {
  const ai = parseAi(row.ai_result);
  const engine =
    ai?.status === 'graded' ? (ai.questions.find((q) => q.number === number) ?? null) : null;
  const teacher = row.teacher_marks === null ? null : Number(row.teacher_marks);
  return {
    submissionId: row.id,
    studentName: row.student_name,
    text,
    marks: teacher ?? engine?.marks ?? null,
    engineMarks: engine?.marks ?? null,
    markedBy: teacher === null ? 'engine' : Number(row.by_group) === 1 ? 'group' : 'teacher',
  };
}

/** How the representative's key points stand, from the engine's result for it. */
function pointsOf(row: AnswerRow | undefined, number: string): AnswerGroup['points'] {
  const ai = row ? parseAi(row.ai_result) : null;
  const q = ai?.status === 'graded' ? ai.questions.find((x) => x.number === number) : undefined;
  if (!q) return [];
  return [
    ...q.matched.map((point) => ({ point, state: 'stated' as const })),
    ...(q.contradicted ?? []).map((point) => ({ point, state: 'contradicted' as const })),
    ...q.missing.map((point) => ({ point, state: 'missed' as const })),
  ];
}

function groupOf(stored: StoredGroup, rows: Map<string, AnswerRow>, number: string, total: number) {
  const kept = stored.members
    .map((id, k) => ({ row: rows.get(id), text: stored.texts[k] ?? '' }))
    .filter((m): m is { row: AnswerRow; text: string } => m.row !== undefined);
  if (!kept.length) return null;
  const members = kept.map((m) => memberOf(m.row, number, m.text));
  const engine = members.flatMap((m) => (m.engineMarks === null ? [] : [m.engineMarks]));
  const own = members.filter((m) => m.markedBy === 'teacher');
  const given = new Set(members.filter((m) => m.markedBy !== 'engine').map((m) => m.marks));
  const group: AnswerGroup = {
    id: members[0]!.submissionId,
    size: members.length,
    proposedMarks: engine.length
      ? Math.round(median(engine) * 2) / 2
      : Math.round(stored.share * total * 2) / 2,
    sureness: stored.sureness,
    flag: members.length > 1 ? stored.flag : 'ungrouped',
    points: pointsOf(kept[0]!.row, number),
    finalNumber: stored.finalNumber,
    empty: stored.empty,
    members,
    // Her own marks on some members disagree with each other or with the group's mark.
    conflict: own.length > 0 && given.size > 1,
  };
  return group;
}

const rank = (g: AnswerGroup) => (g.flag === 'ungrouped' ? 2 : g.flag === 'uncertain' ? 1 : 0);

/**
 * The groups of one question from the latest run that grouped the class, with each answer's
 * marks as they stand now: biggest first, then uncertain groups, then answers alike to no other.
 * Answers handed in after that run are not in any group until the next run.
 */
export async function answerGroupsOf(
  deps: QuestionDeps,
  assignment: AssignmentRow,
  number: string,
): Promise<AnswerGroupsResponse> {
  const db = deps.db.kysely;
  const question = findQuestion(await questionsOf(deps, assignment), number);
  const head = { question: { number: question.number, total: question.total } };
  const run = await repo.latestGroups(db, assignment.id);
  const stored = run ? ((JSON.parse(run.groups) as StoredGroups)[question.number] ?? []) : [];
  if (!run || !stored.length) return { ...head, runId: run?.id ?? null, groups: [] };
  const rows = new Map(
    (await repo.answersWithMarks(db, assignment.id, question.number)).map((r) => [r.id, r]),
  );
  const groups = stored
    .map((g) => groupOf(g, rows, question.number, question.total))
    .filter((g): g is AnswerGroup => g !== null)
    .sort((a, b) => rank(a) - rank(b) || b.size - a.size);
  return { ...head, runId: run.id, groups };
}

/**
 * The teacher marks a group in one action: the marks (and comment) go to every member through
 * the same service as marking one answer, in one transaction (all or nothing), except the answers
 * she takes out and those she marked on their own (her marks stand; those with other marks come
 * back as conflicts). Marks the group gave before are replaced.
 */
export async function markGroup(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  number: string,
  groupId: string,
  body: GroupMarkBody,
): Promise<GroupMarkResponse> {
  const before = await answerGroupsOf(deps, assignment, number);
  const group = before.groups.find((g) => g.id === groupId);
  if (!group) throw notFound(groupMessages.groupNotFound);
  if (body.marks > before.question.total)
    throw badRequest(messages.questionMarksAboveTotal, [
      { path: 'marks', message: messages.questionMarksAboveTotal },
    ]);
  const ids = new Set(group.members.map((m) => m.submissionId));
  const exclude = new Set(body.exclude ?? []);
  if ([...exclude].some((id) => !ids.has(id)))
    throw badRequest(groupMessages.notInGroup, [
      { path: 'exclude', message: groupMessages.notInGroup },
    ]);
  const toMark: string[] = [];
  const conflicts: GroupMarkResponse['conflicts'] = [];
  for (const m of group.members) {
    if (exclude.has(m.submissionId)) continue;
    if (m.markedBy !== 'teacher') toMark.push(m.submissionId);
    else if (m.marks !== body.marks)
      conflicts.push({ submissionId: m.submissionId, studentName: m.studentName, marks: m.marks });
  }
  const marked = await setQuestionMarks(
    deps,
    teacher,
    assignment,
    toMark,
    before.question.number,
    { marks: body.marks, ...(body.comment !== undefined && { comment: body.comment }) },
    { byGroup: true },
  );
  const after = await answerGroupsOf(deps, assignment, number);
  return { marked, conflicts, group: after.groups.find((g) => g.id === groupId) ?? group };
}
