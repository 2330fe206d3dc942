import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerGroupsResponse,
  groupMarkBody,
  groupMarkResponse,
} from '../../../shared/answer-groups';
import { codeParams } from '../../../shared/params';
import { assignmentRefusals, bodyRefusals, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { answerGroupsOf, markGroup } from './answer-groups.service';

const tags = ['review'];
const number = z
  .string()
  .min(1)
  .max(20)
  .describe('Question number as the question paper writes it');
const questionGroupsParams = codeParams.extend({ number });
const groupParams = questionGroupsParams.extend({
  group: z.string().min(1).max(100).describe("The group's id (its representative's submission id)"),
});

/**
 * Answer groups: per question, the answers that say the same thing, from the latest grading run,
 * and marking a group in one action. Teachers of the assignment only.
 */
export async function answerGroupRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

  const listSchema = {
    summary: 'The answers to a question in groups that say the same thing',
    description:
      "Biggest group first, each with the engine's proposed marks, how sure it is and its representative first; uncertain groups and answers alike to no other last, flagged. From the latest grading run; every answer's marks as they stand now.",
    tags,
    params: questionGroupsParams,
    response: { 200: json(answerGroupsResponse, 'The groups'), ...refusals(...assignmentRefusals) },
  };
  app.get(
    '/api/assignments/:code/questions/:number/groups',
    { schema: listSchema },
    async (request) => {
      const { assignment } = await authorise(db, request, 'grade');
      return answerGroupsOf(deps, assignment, request.params.number);
    },
  );

  const markSchema = {
    summary: 'Mark every answer of a group',
    description:
      "The marks (and comment) go to each member, as marking it alone would (audited), except those in `exclude` and those the teacher marked on their own: her marks stand, and those with other marks come back in `conflicts`. Evaluate again to regrade the rest with these marks as evidence. 404 for a group the latest run does not have; 400 for marks above the question's or an excluded answer not in the group.",
    tags,
    params: groupParams,
    body: groupMarkBody,
    response: {
      200: json(groupMarkResponse, 'What was marked'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.post(
    '/api/assignments/:code/questions/:number/groups/:group/marks',
    { schema: markSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      const { number: n, group } = request.params;
      return markGroup(deps, user, assignment, n, group, request.body);
    },
  );
}
