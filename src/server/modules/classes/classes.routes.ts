import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  classDetail,
  classListResponse,
  classMemberParams,
  classMessages as m,
  classParams,
  coTeacherBody,
  createClassBody,
  inviteBody,
  inviteResponse,
  joinClassBody,
  joinClassResponse,
  rosterResponse,
  updateClassBody,
} from '../../../shared/classes';
import { requireRole } from '../../auth/guards';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { forbidden } from '../../errors';
import { bodyRefusals, json, noContent, refusals } from '../../openapi/route-schema';
import type { MailSender } from '../mail/mail.service';
import { authoriseClass } from './classes.policy';
import * as service from './classes.service';
import { inviteStudents } from './invitations.service';

/** What the class routes are given by buildApp. */
export interface ClassRoutesOptions {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mail: Pick<MailSender, 'wake'>;
}

const tags = ['classes'];
const classRefusals = [401, 403, 404] as const;
const detailReply = (description: string) => json(classDetail, description);

/** /api/classes: a teacher's classes, joining by code, the roster, invitations, co-teachers, archiving. */
export async function classRoutes(fastify: FastifyInstance, opts: ClassRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = opts.db.kysely;
  const url = opts.config.publicUrl;
  const detail = (c: service.ClassRow, role: Exclude<service.ClassRelation, 'none'>) =>
    service.classDetailFor(db, c, role, url);

  app.get(
    '/api/classes',
    {
      schema: {
        summary: 'Your classes',
        description:
          'Classes a teacher owns or co-teaches, or a student is in: current ones by name, archived ones apart.',
        tags,
        response: { 200: json(classListResponse, 'The classes'), ...refusals(401, 403) },
      },
    },
    async (request) => {
      const user = requireRole(request, 'teacher', 'student');
      return service.listClasses(db, user, url);
    },
  );

  app.post(
    '/api/classes',
    {
      schema: {
        summary: 'Create a class',
        description: 'Teachers only. Name, section, term and the term’s last day (optional).',
        tags,
        body: createClassBody,
        response: {
          201: detailReply('Created, with its join code and link'),
          ...refusals(...bodyRefusals, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const teacher = requireRole(request, 'teacher');
      const c = await service.createClass(db, teacher, request.body);
      return reply.status(201).send(await detail(c, 'owner'));
    },
  );

  const joinLimit = {
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request: { user: { id: string } | null; ip: string }) =>
      request.user?.id ?? request.ip,
  };
  app.post(
    '/api/classes/join',
    {
      schema: {
        summary: 'Join a class with its code',
        description:
          'Students only. The class’s code, or the code of one of its assignments. Joining puts the student in every assignment of the class. 403 for a student her teacher removed; 409 `class_archived` for an archived class. Rate-limited to 30 attempts a minute.',
        tags,
        body: joinClassBody,
        response: {
          200: json(joinClassResponse, 'The class joined'),
          ...refusals(...bodyRefusals, 401, 403, 404, 409, 429),
        },
      },
      config: { rateLimit: joinLimit },
    },
    async (request) => {
      const user = requireRole(request, 'teacher', 'student');
      if (user.role !== 'student') throw forbidden(m.onlyStudentsJoin);
      return service.joinByCode(db, user, request.body.code, url);
    },
  );

  app.get(
    '/api/classes/:id',
    {
      schema: {
        summary: 'One class',
        description:
          'Its members: the class with its assignments; its teachers also get the join code and link and who teaches it.',
        tags,
        params: classParams,
        response: { 200: detailReply('The class'), ...refusals(...classRefusals) },
      },
    },
    async (request) => {
      const { c, role } = await authoriseClass(db, request, 'member');
      return detail(c, role);
    },
  );

  app.patch(
    '/api/classes/:id',
    {
      schema: {
        summary: 'Change a class',
        description: 'Owner only: name, section, term, the term’s last day.',
        tags,
        params: classParams,
        body: updateClassBody,
        response: {
          200: detailReply('The changed class'),
          ...refusals(...classRefusals, ...bodyRefusals),
        },
      },
    },
    async (request) => {
      const { c } = await authoriseClass(db, request, 'owner');
      return detail(await service.updateClass(db, c, request.body), 'owner');
    },
  );

  app.delete(
    '/api/classes/:id',
    {
      schema: {
        summary: 'Delete a class',
        description:
          'Owner only. Its members and invitations go; its assignments stay, without a class, with their students and work.',
        tags,
        params: classParams,
        response: { 204: noContent('Deleted'), ...refusals(...classRefusals) },
      },
    },
    async (request, reply) => {
      const { c } = await authoriseClass(db, request, 'owner');
      await service.deleteClass(db, c);
      return reply.status(204).send();
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/classes/:id/${action}`,
      {
        schema: {
          summary: archived ? 'Archive a class' : 'Restore an archived class',
          description: archived
            ? 'Owner only. Its assignments become read-only: no hand-ins, edits, marks, publishing or regrades. 409 when archived already.'
            : 'Owner only. Its assignments can be changed again. 409 when not archived.',
          tags,
          params: classParams,
          response: { 200: detailReply('The class'), ...refusals(...classRefusals, 409) },
        },
      },
      async (request) => {
        const { c } = await authoriseClass(db, request, 'owner');
        return detail(await service.setArchived(db, c, archived), 'owner');
      },
    );
  }

  app.get(
    '/api/classes/:id/roster',
    {
      schema: {
        summary: 'The roster',
        description:
          'Teachers of the class only: its students with where each stands on each assignment, and the invitations still open.',
        tags,
        params: classParams,
        response: { 200: json(rosterResponse, 'The roster'), ...refusals(...classRefusals) },
      },
    },
    async (request) => {
      const { c } = await authoriseClass(db, request, 'teacher');
      return service.rosterOf(db, c);
    },
  );

  app.delete(
    '/api/classes/:id/students/:userId',
    {
      schema: {
        summary: 'Remove a student',
        description:
          'Teachers of the class. She loses the class’s assignments at once and cannot join again by code (an invitation lets her back); her work stays for the teachers.',
        tags,
        params: classMemberParams,
        response: { 204: noContent('Removed'), ...refusals(...classRefusals, 409) },
      },
    },
    async (request, reply) => {
      const { c } = await authoriseClass(db, request, 'teacher', { writes: true });
      await service.removeStudent(db, c, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/classes/:id/invitations',
    {
      schema: {
        summary: 'Invite students by email',
        description:
          'Teachers of the class. One address, a pasted list or a CSV file’s text: every good address gets an email with a link (14 days, once); each malformed or repeated line, and each student already in the class, is reported by line.',
        tags,
        params: classParams,
        body: inviteBody,
        response: {
          200: json(inviteResponse, 'Who was invited, and the lines that were not used'),
          ...refusals(...classRefusals, ...bodyRefusals, 409),
        },
      },
    },
    async (request) => {
      const { c, user } = await authoriseClass(db, request, 'teacher', { writes: true });
      return inviteStudents(
        { db, publicUrl: url, mail: opts.mail },
        c,
        user,
        request.body.addresses,
      );
    },
  );

  app.post(
    '/api/classes/:id/co-teachers',
    {
      schema: {
        summary: 'Add a co-teacher',
        description:
          'Owner only, by the email of a teacher’s account. Co-teachers see the roster and mark, publish and answer regrades on the class’s assignments; they cannot edit or delete assignments, delete the class or change its teachers.',
        tags,
        params: classParams,
        body: coTeacherBody,
        response: {
          200: detailReply('The class with its teachers'),
          ...refusals(...classRefusals, ...bodyRefusals, 409),
        },
      },
    },
    async (request) => {
      const { c } = await authoriseClass(db, request, 'owner', { writes: true });
      await service.addCoTeacher(db, c, request.body.email);
      return detail(c, 'owner');
    },
  );

  app.delete(
    '/api/classes/:id/co-teachers/:userId',
    {
      schema: {
        summary: 'Remove a co-teacher',
        description: 'Owner only.',
        tags,
        params: classMemberParams,
        response: { 204: noContent('Removed'), ...refusals(...classRefusals, 409) },
      },
    },
    async (request, reply) => {
      const { c } = await authoriseClass(db, request, 'owner', { writes: true });
      await service.removeCoTeacher(db, c, request.params.userId);
      return reply.status(204).send();
    },
  );
}
