import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeParams } from '../../../shared/params';
import { similarityReport, similarPairDetail, similarPairParams } from '../../../shared/similarity';
import { assignmentRefusals, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { similarityReportOf, similarPairOf } from './similarity.service';

const tags = ['review'];

/**
 * Similar hand-ins: pairs of the assignment's hand-ins (and of the same assignment in the
 * teacher's earlier classes) that share unusual passages. Teachers of the assignment only; a
 * pair is a flag to judge, it changes no marks.
 */
export async function similarityRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

  const reportSchema = {
    summary: 'Similar hand-ins: pairs that share unusual passages',
    description:
      'Winnowing over word 5-grams, ignoring the question paper, the model answer (`papers` says whether each was left out: not when it could not be read) and phrases many hand-ins have; identical hand-ins come as one group. At most 1,000 hand-ins are compared (`overLimit`). Computed when asked and kept in the server’s memory until a hand-in comes, is read or goes.',
    tags,
    params: codeParams,
    response: {
      200: json(similarityReport, 'The pairs over the flag line and what was not compared'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/similarity', { schema: reportSchema }, async (request) => {
    const { user, assignment } = await authorise(db, request, 'grade');
    return similarityReportOf(deps, user, assignment);
  });

  const pairSchema = {
    summary: 'One similar pair: both texts with the shared passages',
    description:
      '404 pair_not_found unless the report lists the pair (a first, b second). The passages come from the report (kept, or made again); only the two texts are loaded.',
    tags,
    params: similarPairParams,
    response: {
      200: json(similarPairDetail, 'Both texts and where the shared passages stand in each'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get(
    '/api/assignments/:code/similarity/pairs/:a/:b',
    { schema: pairSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      return similarPairOf(deps, user, assignment, request.params.a, request.params.b);
    },
  );
}
