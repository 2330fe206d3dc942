import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marksBody, marksResponse } from '../../../shared/assignments';
import { submissionDetail } from '../../../shared/evaluations';
import { codeParams, questionParams, submissionParams } from '../../../shared/params';
import {
  agreement,
  commentsResponse,
  overallCommentBody,
  questionFeedbackBody,
  questionMarkBody,
} from '../../../shared/review';
import { assignmentRefusals, bodyRefusals, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { submissionRowFor } from '../submissions/submissions.service';
import { agreementOf } from './agreement.service';
import {
  savedComments,
  setOverallComment,
  setQuestionFeedback,
  setQuestionMark,
  setTotalMarks,
} from './marking.service';
import { submissionDetailOf } from './submission-detail.service';

const tags = ['review'];
const ownerOnly = refusals(...assignmentRefusals);
const ownerForm = refusals(...assignmentRefusals, ...bodyRefusals);
const ownerFormWrite = refusals(...assignmentRefusals, ...bodyRefusals, 409);
const detailReply = json(submissionDetail, 'The submission as the owner sees it, with `review`');

/**
 * The teacher's marks: an answer's total by hand, marks and comments per question, the overall
 * comment, saved comments to reuse, and how close the AI is to the teacher. Owner only; every
 * change of marks goes to the audit trail.
 */
export async function marksRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

  const marksSchema = {
    summary: 'Set the marks of an answer by hand',
    description:
      'Owner only: 0 to the total marks with at most two decimals. Keeps the AI proposal and records the change in the marks history.',
    tags: ['submissions'],
    params: submissionParams,
    body: marksBody,
    response: {
      200: json(marksResponse, 'The updated row'),
      ...refusals(...assignmentRefusals, ...bodyRefusals),
    },
  };
  app.put(
    '/api/assignments/:code/submissions/:id/marks',
    { schema: marksSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      await setTotalMarks(db, user, assignment, request.params.id, request.body.marks);
      return submissionRowFor(db, user, assignment, request.params.id);
    },
  );

  const questionSchema = {
    summary: 'Mark one question of an answer',
    description:
      'Typed marks or ticked rubric items (marks = their points), and a comment; `marks: null` gives the question back to the AI. Audited.',
    tags,
    params: questionParams,
    body: questionMarkBody,
    response: { 200: detailReply, ...ownerFormWrite },
  };
  app.put(
    '/api/assignments/:code/submissions/:id/questions/:number',
    { schema: questionSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      const { id, number } = request.params;
      await setQuestionMark(deps, user, assignment, id, number, request.body);
      return submissionDetailOf(deps, user, assignment, id);
    },
  );

  const feedbackSchema = {
    summary: 'Write or hide the feedback on one question of an answer',
    description:
      "`text`: the teacher's words in place of the engine's feedback; `hidden: true`: no feedback on this question; `text: null, hidden: false`: the engine's again. The student reads it once the marks are published again; `review.preview` shows exactly what they will read.",
    tags,
    params: questionParams,
    body: questionFeedbackBody,
    response: { 200: detailReply, ...ownerForm },
  };
  app.put(
    '/api/assignments/:code/submissions/:id/questions/:number/feedback',
    { schema: feedbackSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      const { id, number } = request.params;
      await setQuestionFeedback(deps, user, assignment, id, number, request.body);
      return submissionDetailOf(deps, user, assignment, id);
    },
  );

  const commentSchema = {
    summary: 'Set the overall comment of an answer',
    description: 'At most 2000 characters; null or empty removes it.',
    tags,
    params: submissionParams,
    body: overallCommentBody,
    response: { 200: detailReply, ...ownerForm },
  };
  app.put(
    '/api/assignments/:code/submissions/:id/comment',
    { schema: commentSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      await setOverallComment(db, assignment, request.params.id, request.body.comment);
      return submissionDetailOf(deps, user, assignment, request.params.id);
    },
  );

  const commentsSchema = {
    summary: 'Comments you wrote before, to reuse',
    tags,
    params: codeParams,
    response: { 200: json(commentsResponse, 'Most used first'), ...ownerOnly },
  };
  app.get('/api/assignments/:code/comments', { schema: commentsSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return { comments: await savedComments(db, assignment) };
  });

  const agreementSchema = {
    summary: "How close the AI's marks are to yours",
    tags,
    params: codeParams,
    response: { 200: json(agreement, 'Over all answers and per question'), ...ownerOnly },
  };
  app.get('/api/assignments/:code/agreement', { schema: agreementSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return agreementOf(db, assignment);
  });
}
