import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  mathsSettingsBody,
  mathsSettingsParams,
  mathsSettingsResponse,
  questionMathsSettings,
  readingChangeResponse,
  readingCorrectionBody,
} from '../../../shared/maths-review';
import { codeParams, questionParams } from '../../../shared/params';
import { assignmentRefusals, bodyRefusals, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import { mathsSettingsOf, setMathsSettings } from './maths-settings.service';
import { correctReading, removeReading, type ReadingDeps } from './readings.service';

const tags = ['review'];

/**
 * The engine's mathematics as the teacher steers it: how each question's numbers are marked, and
 * her corrections of what the engine read in an answer (each regrades that answer at once).
 * Owner only.
 */
export async function mathsReviewRoutes(fastify: FastifyInstance, deps: ReadingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

  const listSchema = {
    summary: 'How each question’s numbers are marked',
    description:
      'Every question with its tolerance and the share a right value with a wrong or missing unit earns, in percent (2% and 50% until the teacher sets them). 409 model_unreadable when the model answer cannot be read.',
    tags,
    params: codeParams,
    response: {
      200: json(mathsSettingsResponse, 'Every question’s settings, in paper order'),
      ...refusals(...assignmentRefusals, 409),
    },
  };
  app.get('/api/assignments/:code/maths-settings', { schema: listSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return mathsSettingsOf(deps, assignment);
  });

  const setSchema = {
    summary: 'Set how a question’s numbers are marked',
    description:
      'Tolerance 0–50%, wrong-unit share 0–100%. Moves no marks by itself: the next evaluation reads it. 404 unknown_question for a question the papers lack.',
    tags,
    params: mathsSettingsParams,
    body: mathsSettingsBody,
    response: {
      200: json(questionMathsSettings, 'The question’s settings'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.put(
    '/api/assignments/:code/maths-settings/:number',
    { schema: setSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      return setMathsSettings(deps, user, assignment, request.params.number, request.body);
    },
  );

  const correctSchema = {
    summary: 'Correct what Markwise read for a question of an answer',
    description:
      'Stores the text (at most 5,000 characters) in place of the engine’s reading of that question, for this and every later run, and regrades the answer at once: follow the returned run at …/evaluations/latest. The teacher’s own marks stay hers. 409 reading_not_read when the answer could not be read, evaluation_running or evaluation_awaiting_confirmation while another run works or waits.',
    tags,
    params: questionParams,
    body: readingCorrectionBody,
    response: {
      202: json(readingChangeResponse, 'The correction and the run regrading the answer'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.put(
    '/api/assignments/:code/submissions/:id/readings/:number',
    { schema: correctSchema },
    async (request, reply) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      const { id, number } = request.params;
      const out = await correctReading(deps, user, assignment, id, number, request.body);
      return reply.status(202).send(out);
    },
  );

  const removeSchema = {
    summary: 'Remove the correction of a reading',
    description:
      'The answer is regraded at once on the engine’s own reading. 404 when the question has no correction; 409 as for a correction.',
    tags,
    params: questionParams,
    response: {
      202: json(readingChangeResponse, '`correction` null and the run regrading the answer'),
      ...refusals(...assignmentRefusals, 409),
    },
  };
  app.delete(
    '/api/assignments/:code/submissions/:id/readings/:number',
    { schema: removeSchema },
    async (request, reply) => {
      const { assignment } = await authorise(db, request, 'grade');
      const { id, number } = request.params;
      return reply.status(202).send(await removeReading(deps, assignment, id, number));
    },
  );
}
