import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { submissionDetail } from '../../../shared/evaluations';
import {
  codeParams,
  questionParams,
  rubricItemParams,
  submissionParams,
} from '../../../shared/params';
import {
  agreement,
  commentsResponse,
  overallCommentBody,
  publishBody,
  publishResponse,
  questionMarkBody,
  reviewSettingsBody,
  rubricChangeResponse,
  rubricItemBody,
  rubricItemPatch,
  rubricResponse,
} from '../../../shared/review';
import {
  assignmentRefusals,
  bodyRefusals,
  json,
  noContent,
  refusals,
} from '../../openapi/route-schema';
import { authorise } from '../assignments/access';
import { agreementOf } from './agreement.service';
import { findSubmissionIn } from '../assignments/submissions.service';
import { submissionDetailFor } from '../evaluations/evaluations.service';
import { savedComments, setOverallComment, setQuestionMark } from './marking.service';
import { publish, rejectChanges, saveReviewSettings } from './publishing.service';
import type { ReviewDeps } from './questions.service';
import { addRubricItem, deleteRubricItem, rubricFor, updateRubricItem } from './rubric.service';

const tags = ['review'];
const ownerOnly = refusals(...assignmentRefusals);
const ownerWrite = refusals(...assignmentRefusals, 409);
const ownerForm = refusals(...assignmentRefusals, ...bodyRefusals);
const ownerFormWrite = refusals(...assignmentRefusals, ...bodyRefusals, 409);
const detailReply = json(submissionDetail, 'The submission as the owner sees it, with `review`');
/** A missing body publishes every marked answer, as `{}` does. */
const publishForm = z.preprocess((body) => body ?? {}, publishBody);

/**
 * The teacher's review: the rubric, marks and comments per question, the overall comment,
 * publishing to students (all or some), rejecting changes made since publishing, and the
 * assignment's review settings. Owner only.
 */
export async function reviewRoutes(fastify: FastifyInstance, deps: ReviewDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;
  const detail = async (assignment: Parameters<typeof rubricFor>[1], id: string) =>
    submissionDetailFor(deps, await findSubmissionIn(db, assignment, id), assignment, 'owner');

  const rubricSchema = {
    summary: 'The rubric: every question with its marks and items',
    description:
      "The first call makes each question's key points its items (409 model_unreadable when the model answer cannot be read).",
    tags,
    params: codeParams,
    response: { 200: json(rubricResponse, 'The questions and their items'), ...ownerWrite },
  };
  app.get('/api/assignments/:code/rubric', { schema: rubricSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return rubricFor(deps, assignment);
  });

  const addSchema = {
    summary: 'Add a rubric item',
    tags,
    params: codeParams,
    body: rubricItemBody,
    response: { 201: json(rubricChangeResponse, 'The new item; nothing moved'), ...ownerFormWrite },
  };
  app.post('/api/assignments/:code/rubric/items', { schema: addSchema }, async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    return reply.status(201).send(await addRubricItem(deps, assignment, request.body));
  });

  const patchSchema = {
    summary: 'Change a rubric item',
    description: 'Every answer whose question was marked by ticking this item is re-scored.',
    tags,
    params: rubricItemParams,
    body: rubricItemPatch,
    response: {
      200: json(rubricChangeResponse, 'The item and the marks it moved'),
      ...ownerFormWrite,
    },
  };
  app.patch('/api/assignments/:code/rubric/items/:id', { schema: patchSchema }, async (request) => {
    const { user, assignment } = await authorise(db, request, 'grade');
    return updateRubricItem(deps, user, assignment, request.params.id, request.body);
  });

  const deleteSchema = {
    summary: 'Remove a rubric item',
    description: 'Answers that ticked it lose its points.',
    tags,
    params: rubricItemParams,
    response: {
      200: json(rubricChangeResponse, '`item` null and the marks it moved'),
      ...ownerWrite,
    },
  };
  app.delete(
    '/api/assignments/:code/rubric/items/:id',
    { schema: deleteSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      return deleteRubricItem(deps, user, assignment, request.params.id);
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
      return detail(assignment, id);
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
      const { assignment } = await authorise(db, request, 'grade');
      await setOverallComment(db, assignment, request.params.id, request.body.comment);
      return detail(assignment, request.params.id);
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

  const publishSchema = {
    summary: 'Publish marks to students',
    description:
      'All marked answers, or the ones listed. Each newly published or changed answer’s student gets a notice. 409 nothing_to_publish when no answer has marks.',
    tags,
    params: codeParams,
    body: publishForm,
    response: { 200: json(publishResponse, 'How many were published'), ...ownerFormWrite },
  };
  app.post('/api/assignments/:code/publish', { schema: publishSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return publish(deps, assignment, { submissionIds: request.body.submissionIds });
  });

  const rejectSchema = {
    summary: 'Put the published marks back',
    description:
      'The published marks become the current ones again (audited); 409 when not published.',
    tags,
    params: submissionParams,
    response: { 200: detailReply, ...ownerWrite },
  };
  app.post(
    '/api/assignments/:code/submissions/:id/reject-changes',
    { schema: rejectSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      await rejectChanges(deps, user, assignment, request.params.id);
      return detail(assignment, request.params.id);
    },
  );

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

  const settingsSchema = {
    summary: 'Set automatic publishing and the regrade deadline',
    description:
      'With `autoPublish`, marks are published once the deadline has passed (first publications only).',
    tags,
    params: codeParams,
    body: reviewSettingsBody,
    response: { 204: noContent('Saved'), ...ownerForm },
  };
  app.put(
    '/api/assignments/:code/review-settings',
    { schema: settingsSchema },
    async (request, reply) => {
      const { assignment } = await authorise(db, request, 'grade');
      await saveReviewSettings(db, assignment, request.body);
      return reply.status(204).send();
    },
  );
}
