import type { FastifyInstance } from 'fastify';
import {
  assignmentFileKind,
  assignmentListResponse,
  createAssignmentFields,
  createAssignmentFileFields as F,
  joinAssignmentBody,
  joinAssignmentResponse,
  updateAssignmentBody,
  type AssignmentFileKind,
} from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { badRequest, forbidden, notFound } from '../../errors';
import { requireRole } from '../../auth/guards';
import { sendStoredFile } from '../files/files.service';
import { readUploadForm } from '../files/upload-form';
import { authorise, uploadRateLimit, type AssignmentRoutesOptions } from './access';
import type { AssignmentAction } from './assignments.policy';
import * as service from './assignments.service';
import { submissionRoutes } from './submissions.routes';

type CodeParams = { Params: { code: string } };

const missing = (field: string, message: string) => badRequest(message, [{ path: field, message }]);

const fileActions: Record<AssignmentFileKind, AssignmentAction> = {
  'question-paper': 'read-question-paper',
  'model-answer': 'read-model-answer',
  diagram: 'read-diagram',
};

/** /api/assignments: the dashboard list, create, detail, update, delete, join and the assignment's files. */
export async function assignmentRoutes(app: FastifyInstance, opts: AssignmentRoutesOptions) {
  const { store, config } = opts;
  const db = opts.db.kysely;
  const deps = () => ({ db: opts.db, store, log: app.log });

  app.get('/api/assignments', async (request) => {
    const user = requireRole(request, 'teacher', 'student');
    return assignmentListResponse.parse({ assignments: await service.listAssignments(db, user) });
  });

  app.post('/api/assignments', { config: uploadRateLimit(config) }, async (request, reply) => {
    const teacher = requireRole(request, 'teacher');
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
      return reply.status(201).send(await service.detailFor(db, teacher, created));
    } finally {
      await form.discard();
    }
  });

  app.post(
    '/api/assignments/join',
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (request) => request.user?.id ?? request.ip,
        },
      },
    },
    async (request) => {
      const user = requireRole(request, 'teacher', 'student');
      if (user.role !== 'student') throw forbidden(messages.onlyStudentsJoin);
      const { code } = joinAssignmentBody.parse(request.body);
      return joinAssignmentResponse.parse(await service.joinAssignment(db, user, code));
    },
  );

  app.get<CodeParams>('/api/assignments/:code', async (request) => {
    const { user, assignment } = await authorise(db, request, 'view');
    return service.detailFor(db, user, assignment);
  });

  app.patch<CodeParams>('/api/assignments/:code', async (request) => {
    const { user, assignment } = await authorise(db, request, 'update');
    const body = updateAssignmentBody.parse(request.body);
    const updated = await service.updateAssignment(db, assignment, body);
    return service.detailFor(db, user, updated);
  });

  app.delete<CodeParams>('/api/assignments/:code', async (request, reply) => {
    const { assignment } = await authorise(db, request, 'delete');
    opts.stopGrading(assignment.id);
    await service.deleteAssignment(deps(), assignment);
    return reply.status(204).send();
  });

  app.get<{ Params: { code: string; kind: string }; Querystring: { download?: string } }>(
    '/api/assignments/:code/files/:kind',
    async (request, reply) => {
      const kind = assignmentFileKind.safeParse(request.params.kind);
      if (!kind.success) throw notFound(messages.fileNotFound);
      const { assignment } = await authorise(db, request, fileActions[kind.data]);
      const file = await service.assignmentFile(db, assignment, kind.data);
      return sendStoredFile(reply, store, file, { download: request.query.download === '1' });
    },
  );

  await app.register(submissionRoutes, opts);
}
