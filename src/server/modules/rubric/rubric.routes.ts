import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeParams, rubricItemParams } from '../../../shared/params';
import {
  rubricChangeResponse,
  rubricItemBody,
  rubricItemPatch,
  rubricResponse,
} from '../../../shared/review';
import { assignmentRefusals, bodyRefusals, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { addRubricItem, deleteRubricItem, rubricFor, updateRubricItem } from './rubric.service';

const tags = ['review'];
const ownerWrite = refusals(...assignmentRefusals, 409);
const ownerFormWrite = refusals(...assignmentRefusals, ...bodyRefusals, 409);

/**
 * The rubric of an assignment: every question with its items, and changes to the items (which
 * re-score the answers marked by ticking them). Owner only.
 */
export async function rubricRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

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
}
