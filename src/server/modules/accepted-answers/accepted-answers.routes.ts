import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptedAnswer,
  acceptedAnswerBody,
  acceptedAnswersResponse,
} from '../../../shared/accepted-answers';
import { acceptedAnswerParams, codeParams } from '../../../shared/params';
import {
  assignmentRefusals,
  bodyRefusals,
  json,
  noContent,
  refusals,
} from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { acceptAnswer, acceptedAnswersOf, removeAcceptedAnswer } from './accepted-answers.service';

const tags = ['review'];

/**
 * "Accept answers like this": the answers the teacher accepted as right per question, which every
 * later grading run reads like "Also accept:" lines of the model answer. Owner only.
 */
export async function acceptedAnswerRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

  const listSchema = {
    summary: 'The answers the teacher accepted as right, by question',
    tags,
    params: codeParams,
    response: {
      200: json(acceptedAnswersResponse, 'Every accepted answer, by question, oldest first'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/accepted-answers', { schema: listSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return acceptedAnswersOf(deps, assignment);
  });

  const addSchema = {
    summary: 'Accept an answer as right for a question',
    description:
      'Every later run reads it like an "Also accept:" line of the model answer; run an evaluation to regrade. 400 for a question the assignment lacks or a submission not its own; 409 already_accepted, or too_many_accepted past 20 per question.',
    tags,
    params: codeParams,
    body: acceptedAnswerBody,
    response: {
      201: json(acceptedAnswer, 'The accepted answer'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.post(
    '/api/assignments/:code/accepted-answers',
    { schema: addSchema },
    async (request, reply) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      return reply.status(201).send(await acceptAnswer(deps, user, assignment, request.body));
    },
  );

  const removeSchema = {
    summary: 'Remove an accepted answer',
    description: 'Later runs no longer credit answers like it.',
    tags,
    params: acceptedAnswerParams,
    response: { 204: noContent('Removed'), ...refusals(...assignmentRefusals) },
  };
  app.delete(
    '/api/assignments/:code/accepted-answers/:id',
    { schema: removeSchema },
    async (request, reply) => {
      const { assignment } = await authorise(db, request, 'grade');
      await removeAcceptedAnswer(deps, assignment, request.params.id);
      return reply.status(204).send();
    },
  );
}
