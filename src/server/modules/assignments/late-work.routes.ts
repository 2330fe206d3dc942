import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  extensionBody,
  extensionListResponse,
  extensionParams,
  latePolicy,
  latePolicyBody,
} from '../../../shared/late-work';
import { codeParams } from '../../../shared/params';
import type { Db } from '../../db/database';
import {
  assignmentRefusals,
  bodyRefusals,
  json,
  noContent,
  refusals,
} from '../../openapi/route-schema';
import { authorise } from './assignments.policy';
import { findForUser, latePolicyOf } from './assignments.service';
import * as service from './late-work.service';

const tags = ['assignments'];

/**
 * Late work and extensions: the late policy (whether hand-ins after the deadline are taken, until
 * when, the penalty) is the owner's, like the deadline; each joined student's own deadline is for
 * whoever teaches the assignment (owner and the class's co-teachers), like marking.
 */
export async function lateWorkRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = opts.db.kysely;

  const policySchema = {
    summary: 'Set whether late hand-ins are accepted, until when, and the penalty',
    description:
      '`lateUntil` (required with `acceptLate`) is a date, or a day and time in `lateUntilTimeZone` (default: the deadline’s zone), or an instant; it must be after the deadline. `penaltyKind` per-day takes `penaltyPercent` of the marks per started 24 hours late; fixed takes it once. 0–100.',
    tags,
    params: codeParams,
    body: latePolicyBody,
    response: {
      200: json(latePolicy, 'The policy as stored'),
      ...refusals(...assignmentRefusals, ...bodyRefusals),
    },
  };
  app.put('/api/assignments/:code/late-policy', { schema: policySchema }, async (request) => {
    const { user, assignment } = await authorise(db, request, 'update');
    await service.saveLatePolicy(db, assignment, request.body);
    const saved = await findForUser(db, user, assignment.code);
    return latePolicyOf(saved!.assignment);
  });

  const listSchema = {
    summary: 'The joined students and their own deadlines',
    description:
      'Every joined student by name, with her extension (null: the assignment’s deadline) and whether she has handed in (left out while marking anonymously).',
    tags,
    params: codeParams,
    response: {
      200: json(extensionListResponse, 'The students'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/extensions', { schema: listSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return service.extensionsFor(db, assignment);
  });

  const setSchema = {
    summary: 'Give one student an extension',
    description:
      'Her own deadline: a date, or a day and time in `deadlineTimeZone` (default: the assignment’s zone), or an instant. It must be after the assignment’s deadline and in the future (400); 404 when she has not joined; 409 already_handed_in once she has handed in.',
    tags,
    params: extensionParams,
    body: extensionBody,
    response: {
      204: noContent('Saved'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.put(
    '/api/assignments/:code/extensions/:studentId',
    { schema: setSchema },
    async (request, reply) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      await service.setExtension(db, user, assignment, request.params.studentId, request.body);
      return reply.status(204).send();
    },
  );

  const clearSchema = {
    summary: 'Take a student’s extension away',
    description: 'Her deadline is the assignment’s again. 404 when she has none.',
    tags,
    params: extensionParams,
    response: { 204: noContent('Removed'), ...refusals(...assignmentRefusals) },
  };
  app.delete(
    '/api/assignments/:code/extensions/:studentId',
    { schema: clearSchema },
    async (request, reply) => {
      const { assignment } = await authorise(db, request, 'grade');
      await service.clearExtension(db, assignment, request.params.studentId);
      return reply.status(204).send();
    },
  );
}
