import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  friendshipIdOf,
  issueCheckInToken,
  issueUnsubscribeToken,
  routes,
  serviceOf,
  type RouteName,
} from '@campus/contracts';
import { createRedisClient } from '@campus/infra';
import { TEST_REDIS_URL } from '@campus/infra/testing';
import { createJobQueues } from '@campus/read-model';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';

/**
 * Every write route of the contracts routes table x {anonymous, student, host, admin}, with the
 * expected status of each cell. "host" hosts the organization and the opportunity the request is
 * about; "student" is any other registered user. A write route added to the table without a row
 * here fails the first test.
 */
type Role = 'anonymous' | 'student' | 'host' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'student', 'host', 'admin'];

type Actor = { token: string; userId: string } | null;
type Cell = {
  path: string;
  body?: Record<string, unknown>;
  multipart?: Record<string, string>;
  file?: Buffer;
};
type Row = {
  expected: Record<Role, number>;
  /** Builds the request for a role, after setting up whatever it needs (fresh per cell). */
  cell: (ctx: Context, role: Role, actor: Actor) => Promise<Cell>;
};

type Context = {
  stack: CommandStack;
  users: Record<Exclude<Role, 'anonymous'>, { token: string; userId: string }>;
  newOrganization: () => Promise<string>;
  newOpportunity: (orgId: string, date?: string) => Promise<string>;
  signUp: (oppId: string, who: { token: string; userId: string }) => Promise<void>;
};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const path = (name: RouteName, params: Record<string, string> = {}) =>
  buildPath(routes[name].path, params);
/** The caller's own id, or any id for the anonymous cell (refused before it matters). */
const selfId = (actor: Actor) => actor?.userId ?? randomUUID();

const ALL_USERS = (status: number) => ({
  anonymous: 401,
  student: status,
  host: status,
  admin: status,
});

/** An approved opportunity whose one slot a fresh user holds. */
const fullOpportunity = async (ctx: Context): Promise<string> => {
  const opp = await ctx.newOpportunity(await ctx.newOrganization());
  await request(ctx.stack.app)
    .put(path('updateOpportunity', { id: opp }))
    .set('authorization', `Bearer ${ctx.users.admin.token}`)
    .send({ total_slots: 1 })
    .expect(200);
  await ctx.signUp(opp, await ctx.stack.registerUser(`filler-${randomUUID()}@university.edu`));
  return opp;
};

const matrix: Partial<Record<RouteName, Row>> = {
  eraseUser: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 200 },
    cell: async (ctx) => {
      const person = await ctx.stack.registerUser(`erase-${randomUUID()}@university.edu`);
      return { path: path('eraseUser', { id: person.userId }) };
    },
  },
  protectedCheck: {
    expected: ALL_USERS(200),
    cell: () => Promise.resolve({ path: path('protectedCheck') }),
  },
  // Everyone in the matrix is registered already.
  registerUser: {
    expected: ALL_USERS(409),
    cell: () =>
      Promise.resolve({
        path: path('registerUser'),
        body: { first_name: 'A', last_name: 'B', phone: '5551234567', has_car: false },
      }),
  },
  updateProfile: {
    // The student's profile: only its owner edits it, admins included.
    expected: { anonymous: 401, student: 200, host: 403, admin: 403 },
    cell: (ctx) =>
      Promise.resolve({
        path: path('updateProfile', { id: ctx.users.student.userId }),
        body: { bio: 'Hi' },
      }),
  },
  upload: {
    expected: ALL_USERS(201),
    cell: () => Promise.resolve({ path: path('upload'), file: PNG }),
  },
  addApprovedEmail: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 201 },
    cell: () =>
      Promise.resolve({
        path: path('addApprovedEmail'),
        body: { email: `${randomUUID()}@gmail.com` },
      }),
  },
  createOrganization: {
    expected: ALL_USERS(201),
    cell: () =>
      Promise.resolve({ path: path('createOrganization'), body: { name: `Club ${randomUUID()}` } }),
  },
  updateOrganization: {
    expected: { anonymous: 401, student: 403, host: 200, admin: 200 },
    cell: async (ctx) => ({
      path: path('updateOrganization', { id: await ctx.newOrganization() }),
      body: { description: 'Updated' },
    }),
  },
  deleteOrganization: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 200 },
    cell: async (ctx) => ({
      path: path('deleteOrganization', { id: await ctx.newOrganization() }),
    }),
  },
  joinOrganization: {
    expected: ALL_USERS(200),
    cell: async (ctx, _role, actor) => ({
      path: path('joinOrganization'),
      body: { user_id: selfId(actor), organization_id: await ctx.newOrganization() },
    }),
  },
  leaveOrganization: {
    expected: ALL_USERS(200),
    cell: async (ctx, _role, actor) => ({
      path: path('leaveOrganization'),
      body: { user_id: selfId(actor), organization_id: await ctx.newOrganization() },
    }),
  },
  createOpportunity: {
    // The host organization's host may; a non-member may not; admins may.
    expected: { anonymous: 401, student: 403, host: 201, admin: 201 },
    cell: async (ctx) => ({
      path: path('createOpportunity'),
      multipart: {
        name: 'Beach cleanup',
        description: 'Bring gloves',
        date: '2026-04-10T09:00',
        duration: '60',
        host_org_id: await ctx.newOrganization(),
        causes: 'Environment & Sustainability',
      },
    }),
  },
  updateOpportunity: {
    expected: { anonymous: 401, student: 403, host: 200, admin: 200 },
    cell: async (ctx) => ({
      path: path('updateOpportunity', {
        id: await ctx.newOpportunity(await ctx.newOrganization()),
      }),
      body: { name: 'Renamed' },
    }),
  },
  deleteOpportunity: {
    expected: { anonymous: 401, student: 403, host: 200, admin: 200 },
    cell: async (ctx) => ({
      path: path('deleteOpportunity', {
        id: await ctx.newOpportunity(await ctx.newOrganization()),
      }),
    }),
  },
  postAnnouncement: {
    expected: { anonymous: 401, student: 403, host: 201, admin: 201 },
    cell: async (ctx) => ({
      path: path('postAnnouncement', { id: await ctx.newOpportunity(await ctx.newOrganization()) }),
      body: { text: 'Meet at the gate' },
    }),
  },
  signUp: {
    expected: ALL_USERS(201),
    cell: async (ctx, _role, actor) => ({
      path: path('signUp'),
      body: {
        user_id: selfId(actor),
        opportunity_id: await ctx.newOpportunity(await ctx.newOrganization()),
      },
    }),
  },
  unregister: {
    // Unregistering the student: the student themselves, the opportunity's host, an admin.
    expected: { anonymous: 401, student: 200, host: 200, admin: 200 },
    cell: async (ctx) => {
      const opp = await ctx.newOpportunity(await ctx.newOrganization());
      await ctx.signUp(opp, ctx.users.student);
      return {
        path: path('unregister'),
        body: { user_id: ctx.users.student.userId, opportunity_id: opp },
      };
    },
  },
  markAttendance: {
    expected: { anonymous: 401, student: 403, host: 200, admin: 200 },
    cell: async (ctx) => {
      // An opportunity that started an hour ago, with the student signed up before it began.
      const start = new Date(ctx.stack.clock.now().getTime() + 60 * 60 * 1000);
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'America/New_York',
        dateStyle: 'short',
        timeStyle: 'short',
      })
        .format(start)
        .replace(' ', 'T');
      const opp = await ctx.newOpportunity(await ctx.newOrganization(), local);
      await ctx.signUp(opp, ctx.users.student);
      ctx.stack.clock.advance(2 * 60 * 60 * 1000);
      return {
        path: path('markAttendance'),
        body: { opportunity_id: opp, user_ids: [ctx.users.student.userId], duration: 60 },
      };
    },
  },
  requestFriend: {
    expected: ALL_USERS(200),
    cell: async (ctx, _role, actor) => {
      const other = await ctx.stack.registerUser(`friend-${randomUUID()}@university.edu`);
      return {
        path: path('requestFriend', { id: selfId(actor) }),
        body: { receiver_id: other.userId },
      };
    },
  },
  acceptFriendRequest: {
    // A request from a newcomer to the student: only the student (the recipient) answers it.
    expected: { anonymous: 401, student: 200, host: 403, admin: 403 },
    cell: async (ctx) => {
      const from = await ctx.stack.registerUser(`asker-${randomUUID()}@university.edu`);
      await request(ctx.stack.app)
        .post(path('requestFriend', { id: from.userId }))
        .set('authorization', `Bearer ${from.token}`)
        .send({ receiver_id: ctx.users.student.userId })
        .expect(200);
      return {
        path: path('acceptFriendRequest', {
          id: friendshipIdOf(from.userId, ctx.users.student.userId),
        }),
      };
    },
  },
  rejectFriendRequest: {
    expected: { anonymous: 401, student: 200, host: 403, admin: 403 },
    cell: async (ctx) => {
      const from = await ctx.stack.registerUser(`asker-${randomUUID()}@university.edu`);
      await request(ctx.stack.app)
        .post(path('requestFriend', { id: from.userId }))
        .set('authorization', `Bearer ${from.token}`)
        .send({ receiver_id: ctx.users.student.userId })
        .expect(200);
      return {
        path: path('rejectFriendRequest', {
          id: friendshipIdOf(from.userId, ctx.users.student.userId),
        }),
      };
    },
  },
  removeFriend: {
    // The caller removes a friend of their own.
    expected: ALL_USERS(200),
    cell: async (ctx, _role, actor) => {
      const friend = await ctx.stack.registerUser(`pal-${randomUUID()}@university.edu`);
      if (actor) {
        await request(ctx.stack.app)
          .post(path('requestFriend', { id: actor.userId }))
          .set('authorization', `Bearer ${actor.token}`)
          .send({ receiver_id: friend.userId })
          .expect(200);
        await request(ctx.stack.app)
          .put(path('acceptFriendRequest', { id: friendshipIdOf(actor.userId, friend.userId) }))
          .set('authorization', `Bearer ${friend.token}`)
          .expect(200);
      }
      return { path: path('removeFriend', { id: selfId(actor), friendId: friend.userId }) };
    },
  },
  bulkApprove: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 200 },
    cell: async (ctx) => ({
      path: path('bulkApprove'),
      body: { organization_ids: [await ctx.newOrganization()] },
    }),
  },
  serviceDataCsv: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 200 },
    cell: () =>
      Promise.resolve({
        path: path('serviceDataCsv'),
        body: { start_date: '2026-03-01', end_date: '2026-03-31' },
      }),
  },
  requestReport: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 202 },
    cell: () => Promise.resolve({ path: path('requestReport'), body: { kind: 'users' } }),
  },
  startReplay: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 202 },
    cell: () => Promise.resolve({ path: path('startReplay'), body: { projection: 'all' } }),
  },
  // Any registered participant with the current code.
  checkIn: {
    expected: ALL_USERS(200),
    cell: async (ctx, _role, actor) => {
      const opp = await ctx.newOpportunity(await ctx.newOrganization());
      if (actor) await ctx.signUp(opp, actor);
      const { token } = await issueCheckInToken(
        ctx.stack.config.CHECK_IN_SECRET,
        opp,
        ctx.stack.clock.now(),
      );
      return { path: path('checkIn', { id: opp }), body: { token } };
    },
  },
  startScoringPreview: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 202 },
    cell: () =>
      Promise.resolve({
        path: path('startScoringPreview'),
        body: { first_signup_bonus_points: 0 },
      }),
  },
  // Waitlists (ADR 0010): each caller for themselves, on a full opportunity.
  joinWaitlist: {
    expected: ALL_USERS(201),
    cell: async (ctx) => ({ path: path('joinWaitlist', { id: await fullOpportunity(ctx) }) }),
  },
  leaveWaitlist: {
    expected: ALL_USERS(200),
    cell: async (ctx, _role, actor) => {
      const opp = await fullOpportunity(ctx);
      if (actor)
        await request(ctx.stack.app)
          .post(path('joinWaitlist', { id: opp }))
          .set('authorization', `Bearer ${actor.token}`)
          .expect(201);
      return { path: path('leaveWaitlist', { id: opp }) };
    },
  },
  resetCalendarSubscription: {
    expected: ALL_USERS(200),
    cell: () => Promise.resolve({ path: path('resetCalendarSubscription') }),
  },
  // Mail preferences (docs/mail.md): one's own only, admins included; a signed link is enough.
  updateMailPreferences: {
    expected: { anonymous: 401, student: 200, host: 403, admin: 403 },
    cell: (ctx) =>
      Promise.resolve({
        path: path('updateMailPreferences', { id: ctx.users.student.userId }),
        body: { reminders: false },
      }),
  },
  unsubscribe: {
    expected: { anonymous: 200, student: 200, host: 200, admin: 200 },
    cell: async (ctx) => {
      const person = await ctx.stack.registerUser(`mail-${randomUUID()}@university.edu`);
      const token = await issueUnsubscribeToken(
        ctx.stack.config.MAIL_LINK_SECRET,
        person.userId,
        'waitlist',
      );
      return { path: path('unsubscribe', { token }) };
    },
  },
  // Service hours (docs/service-hours.md): each caller logs for themselves.
  logServiceHours: {
    expected: ALL_USERS(201),
    cell: () =>
      Promise.resolve({
        path: path('logServiceHours'),
        body: {
          outside_organization: 'City Library',
          date: '2026-03-01',
          minutes: 60,
          cause: 'Education',
          description: 'Read to kids',
          verifier_name: 'Grace Hopper',
          verifier_email: 'grace@library.example',
        },
      }),
  },
  // A newcomer's log with the host's organization: its host or an admin decides it.
  decideServiceHours: {
    expected: { anonymous: 401, student: 403, host: 200, admin: 200 },
    cell: async (ctx) => {
      const logger = await ctx.stack.registerUser(`logger-${randomUUID()}@university.edu`);
      const logged = await request(ctx.stack.app)
        .post(path('logServiceHours'))
        .set('authorization', `Bearer ${logger.token}`)
        .send({
          organization_id: await ctx.newOrganization(),
          date: '2026-03-01',
          minutes: 60,
          cause: 'Education',
          description: 'Sorted cans',
          verifier_name: 'Grace Hopper',
          verifier_email: 'grace@library.example',
        });
      expect(logged.status).toBe(201);
      return {
        path: path('decideServiceHours', { id: String(logged.body.id) }),
        body: { decision: 'approve' },
      };
    },
  },
  setLoggedHoursScoring: {
    expected: { anonymous: 401, student: 403, host: 403, admin: 200 },
    cell: () =>
      Promise.resolve({ path: path('setLoggedHoursScoring'), body: { earn_points: true } }),
  },
};

describe('authorization matrix: every write route x anonymous, student, host, admin', () => {
  let ctx: Context;
  // Report and replay requests are enqueued (no worker runs them here).
  const jobsRedis = createRedisClient(TEST_REDIS_URL);
  const jobs = createJobQueues({ connection: jobsRedis, prefix: `test-matrix-${randomUUID()}` });
  beforeAll(async () => {
    const stack = await startCommandStack({ jobs });
    const users = {
      admin: await stack.registerUser(ADMIN_EMAIL),
      host: await stack.registerUser('matrix-host@university.edu'),
      student: await stack.registerUser('matrix-student@university.edu'),
    };
    ctx = {
      stack,
      users,
      newOrganization: async () => {
        const response = await request(stack.app)
          .post(path('createOrganization'))
          .set('authorization', `Bearer ${users.host.token}`)
          .send({ name: `Org ${randomUUID()}` });
        expect(response.status).toBe(201);
        // Approved, so that joining and hosting behave as for any live organization.
        await request(stack.app)
          .put(path('updateOrganization', { id: String(response.body.id) }))
          .set('authorization', `Bearer ${users.admin.token}`)
          .send({ approved: true })
          .expect(200);
        return String(response.body.id);
      },
      newOpportunity: async (orgId, date = '2026-04-10T09:00') => {
        const response = await request(stack.app)
          .post(path('createOpportunity'))
          .set('authorization', `Bearer ${users.host.token}`)
          .field('name', 'Food drive')
          .field('description', 'Sort cans')
          .field('date', date)
          .field('duration', '60')
          .field('host_org_id', orgId)
          .field('causes', 'Food Security and Hunger Relief');
        expect(response.status).toBe(201);
        const id = String(response.body.id);
        await request(stack.app)
          .put(path('updateOpportunity', { id }))
          .set('authorization', `Bearer ${users.admin.token}`)
          .send({ approved: true })
          .expect(200);
        return id;
      },
      signUp: async (oppId, who) => {
        await request(stack.app)
          .post(path('signUp'))
          .set('authorization', `Bearer ${who.token}`)
          .send({ user_id: who.userId, opportunity_id: oppId })
          .expect(201);
      },
    };
  });
  afterAll(async () => {
    await ctx.stack.stop();
    await jobs.reports.obliterate({ force: true });
    await jobs.replay.obliterate({ force: true });
    await jobs.scoringPreview.obliterate({ force: true });
    await jobs.close();
    jobsRedis.disconnect();
  });

  it('has a row for every write route of the contracts table', () => {
    const writes = (Object.keys(routes) as RouteName[]).filter(
      (name) => serviceOf(routes[name].method) === 'command',
    );
    expect(writes.filter((name) => !matrix[name])).toEqual([]);
  });

  const cells = (Object.entries(matrix) as [RouteName, Row][]).flatMap(([name, row]) =>
    ROLES.map((role) => ({ name, row, role })),
  );

  it.each(cells)('$name as $role', async ({ name, row, role }) => {
    const now = ctx.stack.clock.now();
    const actor = role === 'anonymous' ? null : ctx.users[role];
    try {
      const cell = await row.cell(ctx, role, actor);
      const route = routes[name];
      let req = request(ctx.stack.app)[route.method.toLowerCase() as 'post' | 'put' | 'delete'](
        cell.path,
      );
      if (actor) req = req.set('authorization', `Bearer ${actor.token}`);
      if (cell.file) req = req.attach('file', cell.file, { filename: 'a.png' });
      for (const [k, v] of Object.entries(cell.multipart ?? {})) req = req.field(k, v);
      const response = cell.body ? await req.send(cell.body) : await req;
      expect(response.status, `${route.method} ${cell.path}: ${response.text}`).toBe(
        row.expected[role],
      );
    } finally {
      ctx.stack.clock.set(now);
    }
  });
});
