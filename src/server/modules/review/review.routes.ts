import type { FastifyInstance } from 'fastify';
import { submissionDetail } from '../../../shared/evaluations';
import {
  agreement,
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
import { authorise } from '../assignments/access';
import { agreementOf } from './agreement.service';
import { findSubmissionIn } from '../assignments/submissions.service';
import { submissionDetailFor } from '../evaluations/evaluations.service';
import { savedComments, setOverallComment, setQuestionMark } from './marking.service';
import { publish, rejectChanges, saveReviewSettings } from './publishing.service';
import type { ReviewDeps } from './questions.service';
import { addRubricItem, deleteRubricItem, rubricFor, updateRubricItem } from './rubric.service';

type Code = { Params: { code: string } };
type Sub = { Params: { code: string; id: string } };

/**
 * The teacher's review: the rubric, marks and comments per question, the overall comment,
 * publishing to students (all or some), rejecting changes made since publishing, and the
 * assignment's review settings. Owner only.
 */
export async function reviewRoutes(app: FastifyInstance, deps: ReviewDeps) {
  const db = deps.db.kysely;
  const detail = async (assignment: Parameters<typeof rubricFor>[1], id: string) =>
    submissionDetail.parse(
      await submissionDetailFor(
        deps,
        await findSubmissionIn(db, assignment, id),
        assignment,
        'owner',
      ),
    );

  app.get<Code>('/api/assignments/:code/rubric', async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return rubricResponse.parse(await rubricFor(deps, assignment));
  });

  app.post<Code>('/api/assignments/:code/rubric/items', async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    const body = rubricItemBody.parse(request.body);
    return reply
      .status(201)
      .send(rubricChangeResponse.parse(await addRubricItem(deps, assignment, body)));
  });

  app.patch<Sub>('/api/assignments/:code/rubric/items/:id', async (request) => {
    const { user, assignment } = await authorise(db, request, 'grade');
    const patch = rubricItemPatch.parse(request.body);
    return rubricChangeResponse.parse(
      await updateRubricItem(deps, user, assignment, request.params.id, patch),
    );
  });

  app.delete<Sub>('/api/assignments/:code/rubric/items/:id', async (request) => {
    const { user, assignment } = await authorise(db, request, 'grade');
    return rubricChangeResponse.parse(
      await deleteRubricItem(deps, user, assignment, request.params.id),
    );
  });

  app.put<{ Params: { code: string; id: string; number: string } }>(
    '/api/assignments/:code/submissions/:id/questions/:number',
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      const body = questionMarkBody.parse(request.body);
      const { id, number } = request.params;
      await setQuestionMark(deps, user, assignment, id, number, body);
      return detail(assignment, id);
    },
  );

  app.put<Sub>('/api/assignments/:code/submissions/:id/comment', async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    const { comment } = overallCommentBody.parse(request.body);
    await setOverallComment(db, assignment, request.params.id, comment);
    return detail(assignment, request.params.id);
  });

  app.get<Code>('/api/assignments/:code/comments', async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return { comments: await savedComments(db, assignment) };
  });

  app.post<Code>('/api/assignments/:code/publish', async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    const body = publishBody.parse(request.body ?? {});
    return publishResponse.parse(
      await publish(deps, assignment, { submissionIds: body.submissionIds }),
    );
  });

  app.post<Sub>('/api/assignments/:code/submissions/:id/reject-changes', async (request) => {
    const { user, assignment } = await authorise(db, request, 'grade');
    await rejectChanges(deps, user, assignment, request.params.id);
    return detail(assignment, request.params.id);
  });

  app.get<Code>('/api/assignments/:code/agreement', async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return agreement.parse(await agreementOf(db, assignment));
  });

  app.put<Code>('/api/assignments/:code/review-settings', async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    await saveReviewSettings(db, assignment, reviewSettingsBody.parse(request.body));
    return reply.status(204).send();
  });
}
