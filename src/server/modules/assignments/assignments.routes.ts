import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignmentDetail,
  assignmentFileKind,
  assignmentListResponse,
  createAssignmentFields,
  createAssignmentFileFields as F,
  createAssignmentForm,
  joinAssignmentBody,
  joinAssignmentResponse,
  updateAssignmentBody,
  type AssignmentFileKind,
} from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { assignmentFileParams, codeParams, fileQuery } from '../../../shared/params';
import { badRequest, notFound } from '../../errors';
import {
  assignmentRefusals,
  binary,
  bodyRefusals,
  json,
  multipartBody,
  noContent,
  refusals,
} from '../../openapi/route-schema';
import { requireRole } from '../../auth/guards';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Notifier } from '../notifications/notifications.service';
import type { FileStore } from '../../storage/file-store';
import type { UploadChecker } from '../../storage/verify';
import { readUploadForm, sendStoredFile, uploadRateLimit } from '../files/files.service';
import {
  authorise,
  authoriseCreate,
  authoriseJoin,
  viewerOf,
  type AssignmentAction,
} from './assignments.policy';
import * as service from './assignments.service';
import { DashboardLists } from './dashboard-lists';
import { dashboardBody } from './dashboard.service';

/** What the assignment routes are given by buildApp. */
export interface AssignmentRoutesOptions {
  db: Db;
  store: FileStore;
  config: Config;
  /** Checks uploaded files in the reader pool. */
  checker: UploadChecker;
  /** Stops this process's grading of an assignment at once (on delete). */
  stopGrading: (assignmentId: string) => void;
  /** Emails a class's students about a new assignment of it. */
  notify?: Notifier;
}

const missing = (field: string, message: string) => badRequest(message, [{ path: field, message }]);

const fileActions: Record<AssignmentFileKind, AssignmentAction> = {
  'question-paper': 'read-question-paper',
  'model-answer': 'read-model-answer',
  diagram: 'read-diagram',
};

const tags = ['assignments'];
const detailReply = (description: string) => json(assignmentDetail, description);

/** /api/assignments: the dashboard list, create, detail, update, delete, join and the assignment's files. */
export async function assignmentRoutes(fastify: FastifyInstance, opts: AssignmentRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { store, config } = opts;
  const db = opts.db.kysely;
  const deps = () => ({ db: opts.db, store, log: app.log, notify: opts.notify });

  const listSchema = {
    summary: 'Your dashboard cards',
    description:
      "A teacher's own assignments, or the ones a student joined: upcoming first (soonest deadline first), then past ones (most recent first).",
    tags,
    response: { 200: json(assignmentListResponse, 'The cards'), ...refusals(401, 403) },
  };
  const kept = new DashboardLists(config.dashboardCacheBytes);
  app.get('/api/assignments', { schema: listSchema }, async (request, reply) => {
    const user = requireRole(request, 'teacher', 'student');
    const body = await dashboardBody(
      db,
      kept,
      user,
      (assignments) => reply.serializeInput({ assignments }, '200', 'application/json') as string,
    );
    // Serialised by the response schema (now, or when it was kept), so sent as it is: the type
    // provider only knows payloads still to be serialised.
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  const createSchema = {
    summary: 'Create an assignment',
    description:
      'Teachers only. multipart/form-data: the text fields, the question paper and model answer PDFs, and an optional diagram. Each file is checked by its content; nothing is stored when anything is refused. Rate-limited to UPLOAD_RATE_LIMIT uploads a minute.',
    tags,
    consumes: ['multipart/form-data'],
    response: {
      201: detailReply('Created, with its new class code'),
      ...refusals(400, 401, 403, 413, 415, 429),
    },
  };
  app.post(
    '/api/assignments',
    {
      schema: createSchema,
      config: { ...uploadRateLimit(config), swaggerTransform: multipartBody(createAssignmentForm) },
    },
    async (request, reply) => {
      const teacher = authoriseCreate(request);
      const form = await readUploadForm(
        request,
        { [F.questionPaper]: 'pdf', [F.modelAnswer]: 'pdf', [F.diagram]: 'image' },
        { tmpDir: config.tmpDir, checker: opts.checker },
      );
      try {
        const input = createAssignmentFields.parse(form.fields);
        const questionPaper = form.files.get(F.questionPaper);
        const modelAnswer = form.files.get(F.modelAnswer);
        if (!questionPaper) throw missing(F.questionPaper, messages.questionPaperRequired);
        if (!modelAnswer) throw missing(F.modelAnswer, messages.modelAnswerRequired);
        const created = await service.createAssignment(deps(), teacher, input, {
          questionPaper,
          modelAnswer,
          diagram: form.files.get(F.diagram),
        });
        return reply
          .status(201)
          .send(await service.detailFor(db, teacher, created, viewerOf(teacher, created)));
      } finally {
        await form.discard();
      }
    },
  );

  const joinSchema = {
    summary: 'Join an assignment with its class code',
    description:
      'Students only; joining again answers with `alreadyJoined: true`. After the deadline a student who had not joined is refused with 409 `assignment_closed`. Rate-limited to 30 attempts a minute.',
    tags,
    body: joinAssignmentBody,
    response: {
      200: json(joinAssignmentResponse, 'The card of the joined assignment'),
      ...refusals(...bodyRefusals, 401, 403, 404, 409, 429),
    },
  };
  const joinLimit = {
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request: { user: { id: string } | null; ip: string }) =>
      request.user?.id ?? request.ip,
  };
  app.post(
    '/api/assignments/join',
    { schema: joinSchema, config: { rateLimit: joinLimit } },
    async (request) => {
      const user = authoriseJoin(request);
      return service.joinAssignment(db, user, request.body.code);
    },
  );

  const detailSchema = {
    summary: 'One assignment',
    description:
      'The owner also gets submitted and pending counts and the diagram keywords; a joined student gets whether they have handed in.',
    tags,
    params: codeParams,
    response: { 200: detailReply('The assignment'), ...refusals(401, 403, 404) },
  };
  app.get('/api/assignments/:code', { schema: detailSchema }, async (request) => {
    const { user, assignment } = await authorise(db, request, 'view');
    return service.detailFor(db, user, assignment, viewerOf(user, assignment));
  });

  const updateSchema = {
    summary: 'Change an assignment',
    description:
      'Owner only; unknown keys are refused. A changed deadline must not have passed. 409 total_below_marks when total marks would fall below marks already given.',
    tags,
    params: codeParams,
    body: updateAssignmentBody,
    response: {
      200: detailReply('The changed assignment'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.patch('/api/assignments/:code', { schema: updateSchema }, async (request) => {
    const { user, assignment } = await authorise(db, request, 'update');
    const updated = await service.updateAssignment(
      db,
      assignment,
      request.body,
      user,
      opts.notify && { db: opts.db, notify: opts.notify },
    );
    return service.detailFor(db, user, updated, viewerOf(user, updated));
  });

  const deleteSchema = {
    summary: 'Delete an assignment',
    description:
      'Owner only. Removes its enrollments, submissions, marks history, grading runs and every stored file.',
    tags,
    params: codeParams,
    response: { 204: noContent('Deleted'), ...refusals(...assignmentRefusals) },
  };
  app.delete('/api/assignments/:code', { schema: deleteSchema }, async (request, reply) => {
    const { assignment } = await authorise(db, request, 'delete');
    opts.stopGrading(assignment.id);
    await service.deleteAssignment(deps(), assignment);
    return reply.status(204).send();
  });

  const fileSchema = {
    summary: "One of the assignment's files",
    description:
      'The question paper, the diagram, or the model answer (owner only). Streamed with its real type, inline unless `?download=1`. 404 when the assignment has no such file.',
    tags,
    params: assignmentFileParams,
    querystring: fileQuery,
    response: {
      200: binary(['application/pdf', 'image/jpeg', 'image/png'], 'The file'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/files/:kind', { schema: fileSchema }, async (request, reply) => {
    const kind = assignmentFileKind.safeParse(request.params.kind);
    if (!kind.success) throw notFound(messages.fileNotFound);
    const { assignment } = await authorise(db, request, fileActions[kind.data]);
    const file = await service.assignmentFile(db, assignment, kind.data);
    return sendStoredFile(reply, store, file, { download: request.query.download === '1' });
  });
}
