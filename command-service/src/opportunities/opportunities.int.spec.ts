import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSISTENCY_TOKEN_HEADER,
  OPPORTUNITY_FULL_PROBLEM_TYPE,
  opportunitySchema,
  toOpportunityStreamId,
} from '@campus/contracts';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';
import { approveOpportunity, unapproveOpportunity } from './opportunity-commands';
import {
  givenOpportunity,
  givenOrganization,
  OPPORTUNITY_STARTS_AT,
  opportunityBody,
} from './testing/fixtures';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const T0 = '2026-03-02T15:00:00.000Z';
const hoursBeforeStart = (h: number) => new Date(Date.parse(OPPORTUNITY_STARTS_AT) - h * 3_600_000);

type Account = { token: string; userId: string };

describe('opportunities over HTTP', () => {
  let stack: CommandStack;
  let admin: Account;
  let host: Account;
  let member: Account;
  let student: Account;
  let other: Account;
  let org: { id: string; name: string };
  let n = 0;
  const newStudent = () => stack.registerUser(`student-${String(++n)}@university.edu`);

  const as = (account: Account | null) => ({
    post: (path: string) => auth(request(stack.app).post(path), account),
    put: (path: string) => auth(request(stack.app).put(path), account),
    delete: (path: string) => auth(request(stack.app).delete(path), account),
  });
  const auth = (test: request.Test, account: Account | null) =>
    account ? test.set('authorization', `Bearer ${account.token}`) : test;
  const typesOf = async (opportunityId: string) =>
    (await stack.streamEvents(toOpportunityStreamId(opportunityId))).map((e) => e.type);
  const fieldsOf = (body: { errors?: { field: string }[] }) => [
    ...new Set((body.errors ?? []).map((e) => e.field)),
  ];
  /** An approved opportunity hosted by `host` (approved by the admin). */
  const approvedOpportunity = async (overrides: Record<string, unknown> = {}) => {
    const id = await givenOpportunity(stack, host.token, org.id, overrides);
    await as(admin).put(`/api/opps/${id}`).send({ approved: true }).expect(200);
    return id;
  };
  const signUp = (account: Account, opportunityId: string, userId = account.userId) =>
    as(account).post('/api/register-opp').send({ user_id: userId, opportunity_id: opportunityId });

  beforeAll(async () => {
    stack = await startCommandStack();
    admin = await stack.registerUser(ADMIN_EMAIL);
    host = await stack.registerUser('host@university.edu');
    member = await stack.registerUser('member@university.edu');
    student = await stack.registerUser('student@university.edu');
    other = await stack.registerUser('other@university.edu');
    org = await givenOrganization(stack, {
      hostUserId: host.userId,
      members: [member.userId],
      name: 'Green Club',
    });
  });
  afterAll(async () => {
    await stack.stop();
  });
  afterEach(() => {
    stack.clock.set(T0);
  });

  describe('POST /api/opps', () => {
    it('creates an unapproved opportunity from a multipart form with an image file', async () => {
      const res = await as(member)
        .post('/api/opps')
        .field('name', 'Food drive')
        .field('description', 'Sort cans')
        .field('date', '2026-07-04')
        .field('time', '09:30')
        .field('duration', '45')
        .field('total_slots', '12')
        .field('host_org_id', org.id)
        .field('causes', 'Food Security and Hunger Relief')
        .field('tags', 'outdoor')
        .field('tags', 'family')
        .field('visibility', JSON.stringify([org.id]))
        .field('points', '9999')
        .field('approved', 'true')
        .field('host_user_id', admin.userId)
        .attach('image', PNG, { filename: 'x.txt', contentType: 'text/plain' });
      expect(res.status).toBe(201);
      expect(opportunitySchema.parse(res.body)).toEqual(res.body);
      expect(res.body).toMatchObject({
        name: 'Food drive',
        date: '2026-07-04',
        time: '09:30',
        starts_at: '2026-07-04T13:30:00.000Z',
        duration: 45,
        points: 45,
        total_slots: 12,
        approved: false,
        attendance_marked: false,
        host_id: member.userId,
        host_user_id: member.userId,
        host_org_id: org.id,
        host_org_name: 'Green Club',
        tags: ['outdoor', 'family'],
        isPrivate: true,
        visibility: [org.id],
        involved_users: [],
        comments: [],
      });
      expect(res.body.imageUrl).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/);
      expect(res.headers[CONSISTENCY_TOKEN_HEADER]).toBeTruthy();
      const events = await stack.streamEvents(toOpportunityStreamId(res.body.id));
      expect(events.map((e) => e.type)).toEqual(['OpportunityCreated']);
      expect(events[0]?.data).toMatchObject({ approved: false, hostUserId: member.userId });
      expect(events[0]?.data).not.toHaveProperty('points');
    });

    it("approves an admin's opportunity at once and accepts the combined Eastern date-time", async () => {
      const res = await as(admin)
        .post('/api/opps')
        .send(opportunityBody(org.id, { date: '2026-12-01T18:15', time: undefined }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        approved: true,
        date: '2026-12-01',
        time: '18:15',
        starts_at: '2026-12-01T23:15:00.000Z',
        imageUrl: null,
      });
    });

    it('answers 400 naming the bad fields', async () => {
      const missing = await as(member).post('/api/opps').send({ duration: 20 });
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing.body)).toEqual(
        expect.arrayContaining([
          'name',
          'description',
          'date',
          'host_org_id',
          'causes',
          'duration',
        ]),
      );
      const step = await as(member)
        .post('/api/opps')
        .send(opportunityBody(org.id, { duration: 20 }));
      expect(fieldsOf(step.body)).toEqual(['duration']);
      const privateWithoutOrgs = await as(member)
        .post('/api/opps')
        .send(opportunityBody(org.id, { isPrivate: true }));
      expect(fieldsOf(privateWithoutOrgs.body)).toEqual(['visibility']);
      const unknownOrg = await as(member)
        .post('/api/opps')
        .send(opportunityBody(org.id, { visibility: [randomUUID()] }));
      expect(unknownOrg.status).toBe(400);
      expect(fieldsOf(unknownOrg.body)).toEqual(['visibility']);
      const notImage = await as(member)
        .post('/api/opps')
        .field('name', 'X')
        .field('description', 'Y')
        .field('date', '2026-07-04')
        .field('time', '09:30')
        .field('host_org_id', org.id)
        .field('causes', 'Education')
        .attach('image', Buffer.from('<svg/>'), { filename: 'x.png', contentType: 'image/png' });
      expect(notImage.status).toBe(400);
      expect(fieldsOf(notImage.body)).toEqual(['file']);
    });

    it('answers 401 without a token, 403 outside the organization, 404 for an unknown or deleted one', async () => {
      expect((await as(null).post('/api/opps').send(opportunityBody(org.id))).status).toBe(401);
      const outsider = await as(student).post('/api/opps').send(opportunityBody(org.id));
      expect(outsider.status).toBe(403);
      const unknown = await as(member).post('/api/opps').send(opportunityBody(randomUUID()));
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Organization not found.');
      const gone = await givenOrganization(stack, { hostUserId: host.userId, deleted: true });
      expect((await as(host).post('/api/opps').send(opportunityBody(gone.id))).status).toBe(404);
      // An admin may create for any organization.
      expect((await as(admin).post('/api/opps').send(opportunityBody(org.id))).status).toBe(201);
    });
  });

  describe('PUT /api/opps/:id', () => {
    it('edits as the host, recomputing the start, and appends nothing for no change', async () => {
      const id = await givenOpportunity(stack, host.token, org.id);
      const res = await as(host)
        .put(`/api/opps/${id}`)
        .send({ name: 'River clean-up', date: '2026-11-20', time: '08:00', redirect_url: '' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, id });
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.at(-1)).toMatchObject({
        type: 'OpportunityUpdated',
        data: {
          changes: {
            name: 'River clean-up',
            date: '2026-11-20',
            time: '08:00',
            startsAt: '2026-11-20T13:00:00.000Z',
          },
        },
      });
      const same = await as(host).put(`/api/opps/${id}`).send({ name: 'River clean-up' });
      expect(same.status).toBe(200);
      expect(same.headers[CONSISTENCY_TOKEN_HEADER]).toBeUndefined();
      expect(await typesOf(id)).toEqual(['OpportunityCreated', 'OpportunityUpdated']);
    });

    it('lets only admins change approval', async () => {
      const id = await givenOpportunity(stack, host.token, org.id);
      const byHost = await as(host).put(`/api/opps/${id}`).send({ approved: true });
      expect(byHost.status).toBe(403);
      await as(admin).put(`/api/opps/${id}`).send({ approved: true }).expect(200);
      await as(admin).put(`/api/opps/${id}`).send({ approved: true }).expect(200);
      await as(admin).put(`/api/opps/${id}`).send({ approved: false }).expect(200);
      expect(await typesOf(id)).toEqual([
        'OpportunityCreated',
        'OpportunityApproved',
        'OpportunityUnapproved',
      ]);
    });

    it('turns a full comments list into announcement events', async () => {
      const id = await approvedOpportunity();
      await as(host)
        .post(`/api/opps/${id}/announcements`)
        .send({ text: 'Bring water' })
        .expect(201);
      await as(host)
        .put(`/api/opps/${id}`)
        .send({ comments: ['Parking is free'] })
        .expect(200);
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.slice(-2)).toMatchObject([
        { type: 'AnnouncementRemoved' },
        { type: 'AnnouncementPosted', data: { text: 'Parking is free', postedBy: host.userId } },
      ]);
    });

    it('answers 400 naming bad fields, 401, 403 for others, 404, and 409 below the participants', async () => {
      const id = await approvedOpportunity();
      const bad = await as(host)
        .put(`/api/opps/${id}`)
        .send({ duration: 0, redirect_url: 'not a url' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body).sort()).toEqual(['duration', 'redirect_url']);
      expect((await as(null).put(`/api/opps/${id}`).send({ name: 'X' })).status).toBe(401);
      expect((await as(student).put(`/api/opps/${id}`).send({ name: 'X' })).status).toBe(403);
      for (const path of [`/api/opps/${randomUUID()}`, '/api/opps/not-an-id']) {
        const missing = await as(admin).put(path).send({ name: 'X' });
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe('Opportunity not found.');
      }
      await signUp(student, id).expect(201);
      await signUp(other, id).expect(201);
      const below = await as(host).put(`/api/opps/${id}`).send({ total_slots: 1 });
      expect(below.status).toBe(409);
      expect(below.body.message).toBe(
        'Cannot set slot limit lower than current number of participants (2).',
      );
      await as(host).put(`/api/opps/${id}`).send({ total_slots: 2 }).expect(200);
    });
  });

  describe('DELETE /api/opps/:id', () => {
    it('deletes for the host or an admin; afterwards the opportunity is not found', async () => {
      const id = await approvedOpportunity();
      expect((await as(null).delete(`/api/opps/${id}`)).status).toBe(401);
      expect((await as(student).delete(`/api/opps/${id}`)).status).toBe(403);
      await as(host).delete(`/api/opps/${id}`).expect(200);
      expect(await typesOf(id)).toContain('OpportunityDeleted');
      expect((await as(admin).delete(`/api/opps/${id}`)).status).toBe(404);
      expect((await signUp(student, id)).status).toBe(404);
      expect((await as(host).put(`/api/opps/${id}`).send({ name: 'X' })).status).toBe(404);
    });
  });

  describe('POST /api/opps/:id/announcements', () => {
    it('posts a trimmed announcement by the host or an admin', async () => {
      const id = await approvedOpportunity();
      const res = await as(host)
        .post(`/api/opps/${id}/announcements`)
        .send({ text: '  Meet at gate 2 ' });
      expect(res.status).toBe(201);
      await as(admin).post(`/api/opps/${id}/announcements`).send({ text: 'Rain plan' }).expect(201);
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.filter((e) => e.type === 'AnnouncementPosted').map((e) => e.data.text)).toEqual(
        ['Meet at gate 2', 'Rain plan'],
      );
    });

    it('answers 400 for blank text, 401, 403 for others, 404 for an unknown opportunity', async () => {
      const id = await approvedOpportunity();
      const blank = await as(host).post(`/api/opps/${id}/announcements`).send({ text: '   ' });
      expect(blank.status).toBe(400);
      expect(fieldsOf(blank.body)).toEqual(['text']);
      expect(
        (await as(null).post(`/api/opps/${id}/announcements`).send({ text: 'x' })).status,
      ).toBe(401);
      expect(
        (await as(student).post(`/api/opps/${id}/announcements`).send({ text: 'x' })).status,
      ).toBe(403);
      expect(
        (await as(host).post(`/api/opps/${randomUUID()}/announcements`).send({ text: 'x' })).status,
      ).toBe(404);
    });
  });

  describe('POST /api/register-opp', () => {
    it('signs the caller up once, ignoring client flags', async () => {
      const id = await approvedOpportunity();
      const res = await as(student)
        .post('/api/register-opp')
        .send({ user_id: student.userId, opportunity_id: id, isAdminOrHost: true, is_full: false });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, id });
      expect(res.headers[CONSISTENCY_TOKEN_HEADER]).toBeTruthy();
      const again = await signUp(student, id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You are already registered for this opportunity.');
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.at(-1)).toMatchObject({
        type: 'UserSignedUp',
        data: { userId: student.userId, byUserId: student.userId, at: T0 },
        metadata: { actorUserId: student.userId, commandName: 'SignUpForOpportunity' },
      });
    });

    it('answers full with a machine-readable marker, and the admin text when an admin registers another user', async () => {
      const id = await approvedOpportunity({ total_slots: 1 });
      await signUp(student, id).expect(201);
      const full = await signUp(other, id);
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ type: OPPORTUNITY_FULL_PROBLEM_TYPE, status: 409 });
      const byAdmin = await signUp(admin, id, other.userId);
      expect(byAdmin.status).toBe(409);
      expect(byAdmin.body).toMatchObject({
        type: OPPORTUNITY_FULL_PROBLEM_TYPE,
        message: 'This event has reached its maximum capacity.',
      });
    });

    it('lets an admin register another existing user, and answers 404 for an unknown one', async () => {
      const id = await approvedOpportunity();
      await signUp(admin, id, other.userId).expect(201);
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.at(-1)?.data).toMatchObject({ userId: other.userId, byUserId: admin.userId });
      const unknown = await signUp(admin, id, randomUUID());
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('User not found');
    });

    it("answers 409 'Event Already Started' at and after the start", async () => {
      const id = await approvedOpportunity();
      stack.clock.set(OPPORTUNITY_STARTS_AT);
      const res = await signUp(student, id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Event Already Started');
    });

    it('keeps private opportunities to members of the listed organizations', async () => {
      const id = await approvedOpportunity({ visibility: [org.id] });
      const outsider = await signUp(student, id);
      expect(outsider.status).toBe(403);
      await signUp(member, id).expect(201);
    });

    it('answers 400 naming fields, 401, 403 for another user, 404 for unknown or unapproved', async () => {
      const id = await approvedOpportunity();
      const bad = await as(student).post('/api/register-opp').send({ user_id: 'x' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body).sort()).toEqual(['opportunity_id', 'user_id']);
      expect((await as(null).post('/api/register-opp').send({})).status).toBe(401);
      expect((await signUp(student, id, other.userId)).status).toBe(403);
      expect((await signUp(student, randomUUID())).status).toBe(404);
      const unapproved = await givenOpportunity(stack, host.token, org.id);
      const hidden = await signUp(student, unapproved);
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe('Opportunity not found.');
      // Its host may sign up for it; the host takes no slot otherwise.
      await signUp(host, unapproved).expect(201);
    });
  });

  describe('POST /api/unregister-opp', () => {
    const unregister = (account: Account, opportunityId: string, userId = account.userId) =>
      as(account)
        .post('/api/unregister-opp')
        .send({ user_id: userId, opportunity_id: opportunityId });

    it('unregisters the caller more than 7 hours before the start', async () => {
      const id = await approvedOpportunity();
      await signUp(student, id).expect(201);
      stack.clock.set(new Date(hoursBeforeStart(7).getTime() - 1_000));
      const res = await unregister(student, id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, id });
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.at(-1)).toMatchObject({
        type: 'UserUnregistered',
        data: { userId: student.userId, late: false },
      });
    });

    it('refuses a plain user within 7 hours whatever flags the client sends', async () => {
      const id = await approvedOpportunity();
      await signUp(student, id).expect(201);
      stack.clock.set(hoursBeforeStart(7));
      const res = await as(student).post('/api/unregister-opp').send({
        user_id: student.userId,
        opportunity_id: id,
        isAdminOrHost: true,
        opportunityDate: '2030-01-01',
        opportunityTime: '10:00',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'Unregistration closed within 7 hours of event. Contact organizer if you need to cancel.',
      );
      expect(await typesOf(id)).not.toContain('UserUnregistered');
    });

    it('lets the host and admins unregister participants late', async () => {
      const id = await approvedOpportunity();
      await signUp(student, id).expect(201);
      await signUp(other, id).expect(201);
      stack.clock.set(hoursBeforeStart(1));
      await unregister(host, id, student.userId).expect(200);
      stack.clock.set(hoursBeforeStart(-1));
      await unregister(admin, id, other.userId).expect(200);
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.slice(-2).map((e) => e.data)).toMatchObject([
        { userId: student.userId, byUserId: host.userId, late: true },
        { userId: other.userId, byUserId: admin.userId, late: true },
      ]);
    });

    it('answers 400 naming fields, 401, 403 for another user, 404 unknown, 409 not registered', async () => {
      const id = await approvedOpportunity();
      await signUp(student, id).expect(201);
      const bad = await as(student).post('/api/unregister-opp').send({ opportunity_id: id });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['user_id']);
      expect((await as(null).post('/api/unregister-opp').send({})).status).toBe(401);
      expect((await unregister(other, id, student.userId)).status).toBe(403);
      expect((await unregister(student, randomUUID())).status).toBe(404);
      const notRegistered = await unregister(other, id);
      expect(notRegistered.status).toBe(409);
      expect(notRegistered.body.message).toBe('You are not registered for this opportunity.');
    });
  });

  describe('PUT /api/attendance', () => {
    const submit = (
      account: Account | null,
      opportunityId: string,
      userIds: string[],
      duration = 90,
    ) =>
      as(account)
        .put('/api/attendance')
        .send({ opportunity_id: opportunityId, user_ids: userIds, duration });

    it('marks attendance once after the start, with the first-signup bonus', async () => {
      const id = await approvedOpportunity();
      const first = await newStudent();
      const second = await newStudent();
      await signUp(first, id).expect(201);
      await signUp(second, id).expect(201);
      const early = await submit(host, id, [first.userId]);
      expect(early.status).toBe(409);
      stack.clock.set(hoursBeforeStart(-2));
      const res = await submit(host, id, [first.userId, host.userId], 100);
      expect(res.status).toBe(200);
      const events = await stack.streamEvents(toOpportunityStreamId(id));
      expect(events.at(-1)).toMatchObject({
        type: 'AttendanceMarked',
        data: {
          markedBy: host.userId,
          durationMinutes: 100,
          attendedUserIds: [first.userId],
          absentUserIds: [second.userId],
          firstSignupBonus: { userId: first.userId, points: 5 },
          opportunityDate: '2026-03-10',
        },
      });
      const twice = await submit(admin, id, [second.userId]);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('Attendance has already been submitted.');
    });

    it('answers 400 naming unknown ids and bad durations, 401, 403 for others, 404 unknown', async () => {
      const id = await approvedOpportunity();
      await signUp(student, id).expect(201);
      stack.clock.set(hoursBeforeStart(-2));
      const stranger = randomUUID();
      const unknown = await submit(host, id, [student.userId, stranger]);
      expect(unknown.status).toBe(400);
      expect(fieldsOf(unknown.body)).toEqual(['user_ids']);
      expect(unknown.body.message).toContain(stranger);
      for (const duration of [0, 1500]) {
        const bad = await submit(host, id, [student.userId], duration);
        expect(bad.status).toBe(400);
        expect(fieldsOf(bad.body)).toEqual(['duration']);
      }
      expect((await submit(null, id, [])).status).toBe(401);
      expect((await submit(student, id, [student.userId])).status).toBe(403);
      expect((await submit(host, randomUUID(), [])).status).toBe(404);
      expect(await typesOf(id)).not.toContain('AttendanceMarked');
      await submit(admin, id, [student.userId], 1499).expect(200);
    });
  });

  describe('approval hook for the admin bulk approval', () => {
    it('approves and unapproves for admins only, appending nothing when unchanged', async () => {
      const id = await givenOpportunity(stack, host.token, org.id);
      const metadata = {
        actorUserId: admin.userId,
        correlationId: randomUUID(),
        causationId: null,
        commandName: 'BulkApprove',
        occurredAt: T0,
      };
      const adminCaller = { userId: admin.userId, admin: true };
      const approved = await approveOpportunity(stack, adminCaller, id, metadata);
      expect(approved.events).toEqual([
        { type: 'OpportunityApproved', data: { v: 1, opportunityId: id } },
      ]);
      expect((await approveOpportunity(stack, adminCaller, id, metadata)).appended).toBeNull();
      await expect(
        unapproveOpportunity(stack, { userId: host.userId, admin: false }, id, metadata),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        approveOpportunity(stack, adminCaller, randomUUID(), metadata),
      ).rejects.toMatchObject({ status: 404 });
      await unapproveOpportunity(stack, adminCaller, id, metadata);
      expect(await typesOf(id)).toEqual([
        'OpportunityCreated',
        'OpportunityApproved',
        'OpportunityUnapproved',
      ]);
    });
  });
});
