import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { latestEvaluationResponse, submissionDetail } from '../../../shared/evaluations';
import { codeParams, submissionParams } from '../../../shared/params';
import { assignmentRefusals, binary, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/access';
import { assertCan } from '../assignments/assignments.policy';
import { findSubmissionIn } from '../assignments/submissions.service';
import { contentDisposition } from '../files/content-disposition';
import { publishDue } from '../review/publishing.service';
import type { ReviewDeps } from '../review/questions.service';
import * as service from './evaluations.service';
import { gradesCsv } from './grades-csv';

const tags = ['evaluations'];
const runReply = (description: string) => json(latestEvaluationResponse, description);

/** Grading runs ("Evaluate Now"), a submission's explained marks, and the CSV export. */
export async function evaluationRoutes(
  fastify: FastifyInstance,
  opts: ReviewDeps & { queued: service.QueueRun; stopGrading: (assignmentId: string) => void },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = opts.db.kysely;

  const startSchema = {
    summary: 'Evaluate Now: grade every answer in the background',
    description:
      'Answers at once; while a run is queued or running, returns that run instead of starting another. 409 nothing_to_grade when there is nothing for the AI to grade.',
    tags,
    params: codeParams,
    response: {
      202: runReply('The queued (or already active) run'),
      ...refusals(...assignmentRefusals, 409),
    },
  };
  app.post(
    '/api/assignments/:code/evaluations',
    { schema: startSchema },
    async (request, reply) => {
      const { assignment } = await authorise(db, request, 'grade');
      const { run } = await service.startEvaluation(db, assignment, opts.queued);
      return reply.status(202).send({ run });
    },
  );

  const cancelSchema = {
    summary: 'Stop the evaluation in progress',
    description: 'Marks written before are kept. 409 no_active_evaluation when none is active.',
    tags,
    params: codeParams,
    response: { 200: runReply('The cancelled run'), ...refusals(...assignmentRefusals, 409) },
  };
  app.post(
    '/api/assignments/:code/evaluations/cancel',
    { schema: cancelSchema },
    async (request) => {
      const { assignment } = await authorise(db, request, 'grade');
      return { run: await service.cancelEvaluation(db, assignment, opts.stopGrading) };
    },
  );

  const latestSchema = {
    summary: 'Progress of the newest run',
    tags,
    params: codeParams,
    response: { 200: runReply('The newest run, or null'), ...refusals(...assignmentRefusals) },
  };
  app.get(
    '/api/assignments/:code/evaluations/latest',
    { schema: latestSchema },
    async (request, reply) => {
      const { assignment } = await authorise(db, request, 'grade');
      reply.header('cache-control', 'no-store');
      return { run: await service.latestRun(db, assignment) };
    },
  );

  const detailSchema = {
    summary: "One answer with the engine's explanation",
    description:
      'The owner always; the student who handed in sees marks and explanation only once published. Another student gets 404.',
    tags: ['submissions'],
    params: submissionParams,
    response: {
      200: json(submissionDetail, 'The submission'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/submissions/:id', { schema: detailSchema }, async (request) => {
    const { user, assignment, joined } = await authorise(db, request, 'view');
    const submission = await findSubmissionIn(db, assignment, request.params.id);
    assertCan(user, 'read-submission', assignment, {
      joined,
      submissionStudentId: submission.student_id,
    });
    const viewer = assignment.teacher_id === user.id ? 'owner' : 'student';
    await publishDue(opts, assignment);
    const fresh = await findSubmissionIn(db, assignment, request.params.id);
    return service.submissionDetailFor(opts, fresh, assignment, viewer);
  });

  const csvSchema = {
    summary: 'The grades as CSV',
    description:
      'UTF-8 with a byte order mark, one line per joined student: Student name, Email, Submitted at, Marks, Source, Total marks. Cells that a spreadsheet would run as a formula get a leading apostrophe.',
    tags,
    params: codeParams,
    response: {
      200: binary(['text/csv'], 'An attachment named CODE-grades.csv'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/grades.csv', { schema: csvSchema }, async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    const csv = gradesCsv(await service.gradeLines(db, assignment));
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        contentDisposition('attachment', `${assignment.code}-grades.csv`),
      )
      .send(csv);
  });
}
