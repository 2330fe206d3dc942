import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { requireRole } from '../../plugins/auth';
import type { FileStore } from '../../storage/file-store';
import type { UploadChecker } from '../../storage/verify';
import { assertCan, type AssignmentAction } from './assignments.policy';
import { loadForUser } from './assignments.service';

/**
 * The common start of every /api/assignments/:code route: 401 without a session, 403 without
 * a role, 404 for an unknown code, then the policy's verdict on `action`.
 */
export async function authorise(
  db: Kysely<Database>,
  request: FastifyRequest & { params: { code: string } },
  action: AssignmentAction,
) {
  const user = requireRole(request, 'teacher', 'student');
  const { assignment, joined } = await loadForUser(db, user, request.params.code);
  assertCan(user, action, assignment, { joined });
  return { user, assignment, joined };
}

/** What the assignment and submission routes are given by buildApp. */
export interface AssignmentRoutesOptions {
  db: Db;
  store: FileStore;
  config: Config;
  /** Checks uploaded files in the reader pool. */
  checker: UploadChecker;
  /** Stops this process's grading of an assignment at once (on delete and cancel). */
  stopGrading: (assignmentId: string) => void;
}

/** Upload attempts per user per minute, on every route that takes files. */
export const uploadRateLimit = (config: Config) => ({
  rateLimit: {
    max: config.uploadRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
});
