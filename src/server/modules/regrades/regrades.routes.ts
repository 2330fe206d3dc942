import type { FastifyInstance } from 'fastify';
import {
  regradeAnswerBody,
  regradeListResponse,
  regradeRequest,
  regradeRequestBody,
} from '../../../shared/review';
import { forbidden } from '../../errors';
import { authorise } from '../assignments/access';
import { submissionNotFound } from '../assignments/assignments.policy';
import { findSubmissionIn } from '../assignments/submissions.service';
import type { ReviewDeps } from '../review/questions.service';
import { answerRegrade, askForRegrade, regradeRequests } from './regrades.service';

/**
 * Regrade requests: a student asks about a question of their own published answer; the owner
 * lists them and answers each. Another student's submission is a 404, as everywhere.
 */
export async function regradeRoutes(app: FastifyInstance, deps: ReviewDeps) {
  const db = deps.db.kysely;

  app.post<{ Params: { code: string; id: string } }>(
    '/api/assignments/:code/submissions/:id/regrade-requests',
    async (request, reply) => {
      const { user, assignment } = await authorise(db, request, 'view');
      if (assignment.teacher_id === user.id)
        throw forbidden('Only the student who handed in can ask for a regrade.');
      const submission = await findSubmissionIn(db, assignment, request.params.id);
      if (submission.student_id !== user.id) throw submissionNotFound();
      const body = regradeRequestBody.parse(request.body);
      return reply
        .status(201)
        .send(regradeRequest.parse(await askForRegrade(db, assignment, submission, body)));
    },
  );

  app.get<{ Params: { code: string } }>(
    '/api/assignments/:code/regrade-requests',
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'view');
      const owner = assignment.teacher_id === user.id;
      const requests = await regradeRequests(db, assignment, owner ? {} : { studentId: user.id });
      return regradeListResponse.parse({ requests });
    },
  );

  app.post<{ Params: { code: string; id: string } }>(
    '/api/assignments/:code/regrade-requests/:id/answer',
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      const body = regradeAnswerBody.parse(request.body);
      return regradeRequest.parse(
        await answerRegrade(deps, user, assignment, request.params.id, body),
      );
    },
  );
}
