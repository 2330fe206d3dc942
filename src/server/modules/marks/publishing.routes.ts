import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { submissionDetail } from '../../../shared/evaluations';
import { codeParams, submissionParams } from '../../../shared/params';
import { publishBody, publishResponse, reviewSettingsBody } from '../../../shared/review';
import {
  assignmentRefusals,
  bodyRefusals,
  json,
  noContent,
  refusals,
} from '../../openapi/route-schema';
import { assertCan, authorise } from '../assignments/assignments.policy';
import { saveReviewSettings } from '../assignments/assignments.service';
import type { QuestionDeps } from '../assignments/questions.service';
import { isAnonymous } from './anonymity.service';
import { publish, rejectChanges } from './publishing.service';
import { submissionDetailOf } from './submission-detail.service';

const tags = ['review'];
const ownerWrite = refusals(...assignmentRefusals, 409);
const ownerForm = refusals(...assignmentRefusals, ...bodyRefusals);
const ownerFormWrite = refusals(...assignmentRefusals, ...bodyRefusals, 409);
const detailReply = json(submissionDetail, 'The submission as the owner sees it, with `review`');
/** A missing body publishes every marked answer, as `{}` does. */
const publishForm = z.preprocess((body) => body ?? {}, publishBody);

/**
 * Publishing marks to students (all or some), putting published marks back after a change, and
 * the assignment's review settings (automatic publishing, the regrade deadline). Owner only.
 */
export async function publishingRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

  const publishSchema = {
    summary: 'Publish marks to students',
    description:
      'All marked answers, or the ones listed. Each newly published or changed answer’s student gets a notice. 409 nothing_to_publish when no answer has marks.',
    tags,
    params: codeParams,
    body: publishForm,
    response: { 200: json(publishResponse, 'How many were published'), ...ownerFormWrite },
  };
  app.post('/api/assignments/:code/publish', { schema: publishSchema }, async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    return publish(deps, assignment, { submissionIds: request.body.submissionIds });
  });

  const rejectSchema = {
    summary: 'Put the published marks back',
    description:
      'The published marks become the current ones again (audited); 409 when not published.',
    tags,
    params: submissionParams,
    response: { 200: detailReply, ...ownerWrite },
  };
  app.post(
    '/api/assignments/:code/submissions/:id/reject-changes',
    { schema: rejectSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      await rejectChanges(deps, user, assignment, request.params.id);
      return submissionDetailOf(deps, user, assignment, request.params.id);
    },
  );

  const settingsSchema = {
    summary: 'Set automatic publishing and the regrade deadline',
    description:
      'With `autoPublish`, marks are published once the deadline has passed (first publications only).',
    tags,
    params: codeParams,
    body: reviewSettingsBody,
    response: { 204: noContent('Saved'), ...ownerForm },
  };
  app.put(
    '/api/assignments/:code/review-settings',
    { schema: settingsSchema },
    async (request, reply) => {
      const { user, assignment, joined } = await authorise(db, request, 'grade');
      // Whether names are hidden while marking is the owner's choice (a co-teacher's form may
      // send it unchanged); the other settings are any teacher's.
      const { anonymousMarking } = request.body;
      if (anonymousMarking !== undefined && anonymousMarking !== isAnonymous(assignment))
        assertCan(user, 'set-anonymous-marking', assignment, { joined });
      await saveReviewSettings(db, assignment, request.body);
      return reply.status(204).send();
    },
  );
}
