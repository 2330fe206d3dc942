import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gradesCsvQuery, latestEvaluationResponse } from '../../../shared/evaluations';
import { codeParams } from '../../../shared/params';
import { assignmentRefusals, binary, json, refusals } from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { sendDownload } from '../files/files.service';
import * as service from './evaluations.service';
import { gradesCsv } from './grades-csv';

const tags = ['evaluations'];
const runReply = (description: string) => json(latestEvaluationResponse, description);

/** What the evaluation routes are given by buildApp (the papers' readers: the CSV's questions). */
export interface EvaluationRoutesOptions extends QuestionDeps {
  /** Hands a newly queued run to the grading queue. */
  queued: service.QueueRun;
  /** Hands a confirmed run back to the grading queue to write its results. */
  resumed: service.QueueRun;
  /** Stops this process's grading of an assignment at once. */
  stopGrading: (assignmentId: string) => void;
}

/** Grading runs ("Evaluate Now") and the grades as CSV. */
export async function evaluationRoutes(fastify: FastifyInstance, opts: EvaluationRoutesOptions) {
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

  const confirmSchema = {
    summary: 'Apply the changes a re-run proposes',
    description:
      'A run that would change marks the teacher has not reviewed waits in awaiting-confirmation with the list of changes (`run.changes`); this sends it on to write them. The teacher’s own marks are never overwritten. To discard the changes instead, POST …/evaluations/cancel. 409 nothing_to_confirm when no run is waiting.',
    tags,
    params: codeParams,
    response: {
      200: runReply('The run, queued again to write its results'),
      ...refusals(...assignmentRefusals, 409),
    },
  };
  app.post(
    '/api/assignments/:code/evaluations/confirm',
    { schema: confirmSchema },
    async (request) => {
      const { assignment } = await authorise(db, request, 'grade');
      return { run: await service.confirmEvaluation(db, assignment, opts.resumed) };
    },
  );

  const undoSchema = {
    summary: 'Undo the last evaluation',
    description:
      'Every answer the newest finished run wrote gets back its previous marks, explanation and flags; marks the teacher gave since stay hers. Recorded in the audit trail. 409 nothing_to_undo when there is no such run, it was undone already, or another run is working or waiting.',
    tags,
    params: codeParams,
    response: { 200: runReply('The undone run'), ...refusals(...assignmentRefusals, 409) },
  };
  app.post('/api/assignments/:code/evaluations/undo', { schema: undoSchema }, async (request) => {
    const { assignment, user } = await authorise(db, request, 'grade');
    return { run: await service.undoEvaluation(db, assignment, user.id) };
  });

  const latestSchema = {
    summary: 'Progress of the newest run',
    tags,
    params: codeParams,
    response: { 200: runReply('The newest run, or null'), ...refusals(...assignmentRefusals) },
  };
  app.get(
    '/api/assignments/:code/evaluations/latest',
    { schema: latestSchema },
    async (request) => {
      const { assignment } = await authorise(db, request, 'grade');
      return { run: await service.latestRun(db, assignment) };
    },
  );

  const csvSchema = {
    summary: 'The grades as CSV',
    description:
      'UTF-8 with a byte order mark, one line per joined student: Student name, Email, Submitted at, Marks, Source, Total marks, then for each question its marks (the teacher’s where given, else the AI’s) and the teacher’s comment, then the overall comment and the student’s regrade requests ("Q2 open; Q1 answered, 2 → 3"). Times are local ISO-8601 with their offset in `timeZone` (an IANA name: the web app sends the browser’s own), or UTC without it. Cells that a spreadsheet would run as a formula get a leading apostrophe.',
    tags,
    params: codeParams,
    querystring: gradesCsvQuery,
    response: {
      200: binary(
        ['text/csv'],
        'An attachment named CODE-grades.csv; while marking anonymously CODE-grades-anonymous.csv, with "Student N" for names in the shuffled order and no addresses',
      ),
      ...refusals(...assignmentRefusals, 400),
    },
  };
  app.get('/api/assignments/:code/grades.csv', { schema: csvSchema }, async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    const { questions, lines, anonymous } = await service.gradeLines(opts, assignment);
    const csv = gradesCsv(lines, { questions, timeZone: request.query.timeZone ?? 'UTC' });
    return sendDownload(reply, csv, {
      type: 'text/csv; charset=utf-8',
      name: `${assignment.code}-grades${anonymous ? '-anonymous' : ''}.csv`,
    });
  });
}
