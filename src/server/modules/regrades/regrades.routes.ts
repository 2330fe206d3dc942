import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeParams, regradeParams, submissionParams } from '../../../shared/params';
import {
  regradeAnswerBody,
  regradeListResponse,
  regradeRequest,
  regradeRequestBody,
} from '../../../shared/review';
import { assignmentRefusals, bodyRefusals, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { authoriseSubmission } from '../submissions/submissions.policy';
import { visibleRequests } from './regrades.policy';
import { answerRegrade, askForRegrade, regradeRequests } from './regrades.service';

/**
 * Regrade requests: a student asks about a question of their own published answer; the owner
 * lists them and answers each. Another student's submission is a 404, as everywhere.
 */
export async function regradeRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;
  const tags = ['regrades'];

  const askSchema = {
    summary: 'Ask for a question to be marked again',
    description:
      'The student who handed in, once per question, after publishing and before the regrade deadline.',
    tags,
    params: submissionParams,
    body: regradeRequestBody,
    response: {
      201: json(regradeRequest, 'The request'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.post(
    '/api/assignments/:code/submissions/:id/regrade-requests',
    { schema: askSchema },
    async (request, reply) => {
      const { assignment, submission } = await authoriseSubmission(db, request, 'ask-regrade');
      return reply
        .status(201)
        .send(await askForRegrade(db, assignment, submission, request.body, deps.notify));
    },
  );

  const listSchema = {
    summary: 'Regrade requests of an assignment',
    description: 'The owner gets all of them; a joined student gets their own.',
    tags,
    params: codeParams,
    response: {
      200: json(regradeListResponse, 'The requests'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/regrade-requests', { schema: listSchema }, async (request) => {
    const { user, assignment } = await authorise(db, request, 'view');
    const requests = await regradeRequests(db, assignment, visibleRequests(user, assignment));
    return { requests };
  });

  const answerSchema = {
    summary: 'Answer a regrade request',
    description:
      'Owner only. New marks change the question (audited) and are published to the student.',
    tags,
    params: regradeParams,
    body: regradeAnswerBody,
    response: {
      200: json(regradeRequest, 'The answered request'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.post(
    '/api/assignments/:code/regrade-requests/:id/answer',
    { schema: answerSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      return answerRegrade(deps, user, assignment, request.params.id, request.body);
    },
  );
}
