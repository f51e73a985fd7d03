import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  CONSISTENCY_TOKEN_HEADER,
  friendshipIdOf,
  issueCheckInToken,
  routes,
  type GlobalPosition,
  type RouteName,
} from '@campus/contracts';
import { createRedisClient } from '@campus/infra';
import { TEST_REDIS_URL, testRedisPrefix } from '@campus/infra/testing';
import { createJobQueues } from '@campus/projection-worker/operations';
import { createFixtures, type Fixtures } from '../testing/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../testing/stack';

/**
 * Every route of the contracts routes table, reads and writes, x {anonymous, student, host of this
 * opportunity, member of this organization, admin}: the expected status of each cell and, for
 * reads that show a person, which roles see that person's email and phone (rules.md: the person,
 * admins, the host of an opportunity they joined; a host's phone to its registered participants).
 * A route added to the table without a row here fails the first test.
 *
 * The world: `host` created organization O and hosts the public opportunity P and the private
 * opportunity Q (visible to O only); `member` joined O and signed up for P and Q; `student` is in
 * no organization. Every read cell also checks that Q (its id and its name) never reaches anyone
 * outside O (student, anonymous).
 */
type Role = 'anonymous' | 'student' | 'host' | 'member' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'student', 'host', 'member', 'admin'];
type Account = TestAccount;

type World = {
  stack: TestStack;
  f: Fixtures;
  users: Record<Exclude<Role, 'anonymous'>, Account>;
  org: { id: string; name: string };
  publicOpp: string;
  privateOpp: { id: string; name: string };
  /** A fresh approved organization hosted by `host`, joined by `member`. */
  newOrganization: () => Promise<string>;
  /** A fresh approved opportunity hosted by `host` for `orgId`. */
  newOpportunity: (orgId: string, overrides?: Record<string, unknown>) => Promise<string>;
};

type ContactRule = {
  /** The object describing the person whose contact fields are checked. */
  pick: (body: unknown, w: World) => unknown;
  email: readonly Role[];
  phone: readonly Role[];
};
type ReadRow = {
  kind: 'read';
  expected: Record<Role, number>;
  path: (w: World) => string;
  contact?: ContactRule;
};
type WriteCell = {
  path: string;
  body?: Record<string, unknown>;
  file?: Buffer;
};
type WriteRow = {
  kind: 'write';
  expected: Record<Role, number>;
  /** Builds the request for a role after setting up what it needs (fresh per cell). */
  cell: (w: World, role: Role, actor: Account | null) => Promise<WriteCell>;
};
type Row = ReadRow | WriteRow;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const p = (name: RouteName, params: Record<string, string> = {}) =>
  buildPath(routes[name].path, params);
const selfId = (actor: Account | null) => actor?.userId ?? randomUUID();

/** Same status for every registered role; anonymous 401. */
const users = (status: number): Record<Role, number> => ({
  anonymous: 401,
  student: status,
  host: status,
  member: status,
  admin: status,
});
const only = (allowed: readonly Role[], ok: number, refused = 403): Record<Role, number> => ({
  anonymous: 401,
  student: allowed.includes('student') ? ok : refused,
  host: allowed.includes('host') ? ok : refused,
  member: allowed.includes('member') ? ok : refused,
  admin: allowed.includes('admin') ? ok : refused,
});
const adminOnly = (ok: number) => only(['admin'], ok);
const everyone = (status: number): Record<Role, number> => ({
  ...users(status),
  anonymous: status,
});

/** The member's contact fields: visible to the member, the host of what they joined, admins. */
const MEMBER_CONTACT: Omit<ContactRule, 'pick'> = {
  email: ['member', 'host', 'admin'],
  phone: ['member', 'host', 'admin'],
};
const byId = (id: (w: World) => string) => (body: unknown, w: World) =>
  (body as { id?: string; user_id?: string }[]).find((u) => (u.id ?? u.user_id) === id(w));

/** A fresh approved public opportunity whose one slot a fresh user holds. */
const fullOpportunity = async (w: World): Promise<string> => {
  const id = await w.newOpportunity(await w.newOrganization(), { total_slots: 1 });
  await w.f.signUp(await w.f.user('filler'), id);
  return id;
};

const matrix: Partial<Record<RouteName, Row>> = {
  // ---- reads ----
  getConfig: { kind: 'read', expected: everyone(200), path: () => p('getConfig') },
  checkApprovedEmail: {
    kind: 'read',
    expected: everyone(200),
    path: () => p('checkApprovedEmail', { address: 'someone@gmail.com' }),
  },
  checkUserExists: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('checkUserExists', { address: w.users.member.email }),
  },
  getUserByEmail: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getUserByEmail', { address: w.users.member.email }),
    contact: { pick: (body) => body, ...MEMBER_CONTACT },
  },
  getUser: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getUser', { id: w.users.member.userId }),
    contact: { pick: (body) => body, ...MEMBER_CONTACT },
  },
  listUsers: {
    kind: 'read',
    expected: users(200),
    path: () => p('listUsers'),
    // The list shows contact fields to the person and admins only (narrower than the rule allows).
    contact: {
      pick: byId((w) => w.users.member.userId),
      email: ['member', 'admin'],
      phone: ['member', 'admin'],
    },
  },
  listUserEmails: { kind: 'read', expected: adminOnly(200), path: () => p('listUserEmails') },
  getPointsHistory: {
    kind: 'read',
    expected: only(['member', 'admin'], 200),
    path: (w) => p('getPointsHistory', { id: w.users.member.userId }),
  },
  getServiceTranscript: {
    kind: 'read',
    expected: only(['member', 'admin'], 200),
    path: (w) => p('getServiceTranscript', { id: w.users.member.userId }),
  },
  listFriendshipStatuses: {
    kind: 'read',
    expected: only(['member', 'admin'], 200),
    path: (w) => p('listFriendshipStatuses', { id: w.users.member.userId }),
  },
  listFriends: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('listFriends', { id: w.users.member.userId }),
  },
  getNotifications: { kind: 'read', expected: users(200), path: () => p('getNotifications') },
  listApprovedOrganizations: {
    kind: 'read',
    expected: users(200),
    path: () => p('listApprovedOrganizations'),
  },
  listUnapprovedOrganizations: {
    kind: 'read',
    expected: adminOnly(200),
    path: () => p('listUnapprovedOrganizations'),
  },
  getOrganization: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getOrganization', { id: w.org.id }),
  },
  listOpportunities: { kind: 'read', expected: users(200), path: () => p('listOpportunities') },
  listUnapprovedOpportunities: {
    kind: 'read',
    expected: adminOnly(200),
    path: () => p('listUnapprovedOpportunities'),
  },
  getOpportunity: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getOpportunity', { id: w.publicOpp }),
    // A participant's contact fields in the participants list.
    contact: {
      pick: (body, w) =>
        (body as { involved_users: { id: string }[] }).involved_users.find(
          (u) => u.id === w.users.member.userId,
        ),
      ...MEMBER_CONTACT,
    },
  },
  getAttendance: {
    kind: 'read',
    expected: only(['host', 'admin'], 200),
    path: (w) => p('getAttendance', { id: w.publicOpp }),
  },
  isOpportunityFull: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('isOpportunityFull', { id: w.publicOpp }),
  },
  getMyOpportunities: { kind: 'read', expected: users(200), path: () => p('getMyOpportunities') },
  search: {
    kind: 'read',
    expected: users(200),
    path: () => `${p('search')}?q=${encodeURIComponent('Matrix')}`,
  },
  getMonthlyPoints: {
    kind: 'read',
    expected: users(200),
    path: () => `${p('getMonthlyPoints')}?date=2026-03-01`,
  },
  getLeaderboard: {
    kind: 'read',
    expected: users(200),
    path: () => `${p('getLeaderboard')}?period=all`,
  },
  getAdminSummary: { kind: 'read', expected: adminOnly(200), path: () => p('getAdminSummary') },
  usersCsv: { kind: 'read', expected: adminOnly(200), path: () => p('usersCsv') },
  opportunitiesCsv: { kind: 'read', expected: adminOnly(200), path: () => p('opportunitiesCsv') },
  getReport: {
    kind: 'read',
    // No such report: the admin passes authorization and finds nothing.
    expected: adminOnly(404),
    path: () => p('getReport', { id: 'users-0-0' }),
  },
  downloadReport: {
    kind: 'read',
    expected: adminOnly(404),
    path: () => p('downloadReport', { id: 'users-0-0' }),
  },
  getReplay: {
    kind: 'read',
    expected: adminOnly(404),
    path: () => p('getReplay', { id: 'no-such-replay' }),
  },
  getProjections: { kind: 'read', expected: adminOnly(200), path: () => p('getProjections') },
  getCheckInToken: {
    kind: 'read',
    expected: only(['host', 'admin'], 200),
    path: (w) => p('getCheckInToken', { id: w.publicOpp }),
  },
  getCheckIns: {
    kind: 'read',
    expected: only(['host', 'admin'], 200),
    path: (w) => p('getCheckIns', { id: w.publicOpp }),
  },
  getScoringPreview: {
    kind: 'read',
    expected: adminOnly(404),
    path: () => p('getScoringPreview', { id: 'no-such-preview' }),
  },
  getLeaderboardAsOf: {
    kind: 'read',
    expected: users(200),
    path: () => `${p('getLeaderboardAsOf')}?date=2026-03-05&period=all`,
  },
  getOpportunityHistory: {
    kind: 'read',
    expected: adminOnly(200),
    path: (w) => p('getOpportunityHistory', { id: w.publicOpp }),
  },
  getServiceHours: { kind: 'read', expected: adminOnly(200), path: () => p('getServiceHours') },

  // ---- writes ----
  protectedCheck: {
    kind: 'write',
    expected: users(200),
    cell: () => Promise.resolve({ path: p('protectedCheck') }),
  },
  registerUser: {
    // Everyone in the matrix is registered already.
    kind: 'write',
    expected: users(409),
    cell: () =>
      Promise.resolve({
        path: p('registerUser'),
        body: { first_name: 'A', last_name: 'B', phone: '5551234567', has_car: false },
      }),
  },
  updateProfile: {
    kind: 'write',
    expected: only(['student'], 200),
    cell: (w) =>
      Promise.resolve({
        path: p('updateProfile', { id: w.users.student.userId }),
        body: { bio: 'Hi' },
      }),
  },
  upload: {
    kind: 'write',
    expected: users(201),
    cell: () => Promise.resolve({ path: p('upload'), file: PNG }),
  },
  addApprovedEmail: {
    kind: 'write',
    expected: adminOnly(201),
    cell: () =>
      Promise.resolve({
        path: p('addApprovedEmail'),
        body: { email: `${randomUUID()}@gmail.com` },
      }),
  },
  createOrganization: {
    kind: 'write',
    expected: users(201),
    cell: () =>
      Promise.resolve({ path: p('createOrganization'), body: { name: `Club ${randomUUID()}` } }),
  },
  updateOrganization: {
    kind: 'write',
    expected: only(['host', 'admin'], 200),
    cell: async (w) => ({
      path: p('updateOrganization', { id: await w.newOrganization() }),
      body: { description: 'Updated' },
    }),
  },
  deleteOrganization: {
    kind: 'write',
    expected: adminOnly(200),
    cell: async (w) => ({ path: p('deleteOrganization', { id: await w.newOrganization() }) }),
  },
  joinOrganization: {
    kind: 'write',
    expected: users(200),
    cell: async (w, _role, actor) => ({
      path: p('joinOrganization'),
      body: { user_id: selfId(actor), organization_id: await w.newOrganization() },
    }),
  },
  leaveOrganization: {
    kind: 'write',
    expected: users(200),
    cell: async (w, _role, actor) => ({
      path: p('leaveOrganization'),
      body: { user_id: selfId(actor), organization_id: await w.newOrganization() },
    }),
  },
  createOpportunity: {
    // Members of the host organization may host for it; others may not; admins may.
    kind: 'write',
    expected: only(['host', 'member', 'admin'], 201),
    cell: async (w) => ({
      path: p('createOpportunity'),
      body: {
        name: 'Beach cleanup',
        description: 'Bring gloves',
        date: '2026-04-10',
        time: '09:00',
        duration: 60,
        host_org_id: await w.newOrganization(),
        causes: ['Environment & Sustainability'],
      },
    }),
  },
  updateOpportunity: {
    kind: 'write',
    expected: only(['host', 'admin'], 200),
    cell: async (w) => ({
      path: p('updateOpportunity', { id: await w.newOpportunity(await w.newOrganization()) }),
      body: { name: 'Renamed' },
    }),
  },
  deleteOpportunity: {
    kind: 'write',
    expected: only(['host', 'admin'], 200),
    cell: async (w) => ({
      path: p('deleteOpportunity', { id: await w.newOpportunity(await w.newOrganization()) }),
    }),
  },
  postAnnouncement: {
    kind: 'write',
    expected: only(['host', 'admin'], 201),
    cell: async (w) => ({
      path: p('postAnnouncement', { id: await w.newOpportunity(await w.newOrganization()) }),
      body: { text: 'Meet at the gate' },
    }),
  },
  signUp: {
    kind: 'write',
    expected: users(201),
    cell: async (w, _role, actor) => ({
      path: p('signUp'),
      body: {
        user_id: selfId(actor),
        opportunity_id: await w.newOpportunity(await w.newOrganization()),
      },
    }),
  },
  unregister: {
    // Unregistering the student: the student, the opportunity's host, an admin; not a member.
    kind: 'write',
    expected: only(['student', 'host', 'admin'], 200),
    cell: async (w) => {
      const opp = await w.newOpportunity(await w.newOrganization());
      await w.f.signUp(w.users.student, opp);
      return {
        path: p('unregister'),
        body: { user_id: w.users.student.userId, opportunity_id: opp },
      };
    },
  },
  markAttendance: {
    kind: 'write',
    expected: only(['host', 'admin'], 200),
    cell: async (w) => {
      // An opportunity that started an hour before the clock is moved, the student signed up.
      const opp = await w.newOpportunity(await w.newOrganization(), {
        date: '2026-03-02',
        time: '11:00',
      });
      await w.f.signUp(w.users.student, opp);
      w.stack.clock.set('2026-03-02T18:00:00.000Z');
      return {
        path: p('markAttendance'),
        body: { opportunity_id: opp, user_ids: [w.users.student.userId], duration: 60 },
      };
    },
  },
  requestFriend: {
    kind: 'write',
    expected: users(200),
    cell: async (w, _role, actor) => {
      const other = await w.f.user('friend');
      return {
        path: p('requestFriend', { id: selfId(actor) }),
        body: { receiver_id: other.userId },
      };
    },
  },
  acceptFriendRequest: {
    kind: 'write',
    expected: only(['student'], 200),
    cell: async (w) => {
      const from = await w.f.user('asker');
      await w.f.requestFriend(from, w.users.student);
      return {
        path: p('acceptFriendRequest', { id: friendshipIdOf(from.userId, w.users.student.userId) }),
      };
    },
  },
  rejectFriendRequest: {
    kind: 'write',
    expected: only(['student'], 200),
    cell: async (w) => {
      const from = await w.f.user('asker');
      await w.f.requestFriend(from, w.users.student);
      return {
        path: p('rejectFriendRequest', { id: friendshipIdOf(from.userId, w.users.student.userId) }),
      };
    },
  },
  removeFriend: {
    kind: 'write',
    expected: users(200),
    cell: async (w, _role, actor) => {
      const friend = await w.f.user('pal');
      if (actor) await w.f.befriend(actor, friend);
      return { path: p('removeFriend', { id: selfId(actor), friendId: friend.userId }) };
    },
  },
  bulkApprove: {
    kind: 'write',
    expected: adminOnly(200),
    cell: async (w) => ({
      path: p('bulkApprove'),
      body: { organization_ids: [await w.newOrganization()] },
    }),
  },
  serviceDataCsv: {
    kind: 'write',
    expected: adminOnly(200),
    cell: () =>
      Promise.resolve({
        path: p('serviceDataCsv'),
        body: { start_date: '2026-03-01', end_date: '2026-03-31' },
      }),
  },
  requestReport: {
    kind: 'write',
    expected: adminOnly(202),
    cell: () => Promise.resolve({ path: p('requestReport'), body: { kind: 'users' } }),
  },
  startReplay: {
    kind: 'write',
    expected: adminOnly(202),
    cell: () => Promise.resolve({ path: p('startReplay'), body: { projection: 'all' } }),
  },
  checkIn: {
    kind: 'write',
    // Any registered participant with the current code.
    expected: users(200),
    cell: async (w, _role, actor) => {
      const opp = await w.newOpportunity(w.org.id);
      if (actor) await w.f.signUp(actor, opp);
      const { token } = await issueCheckInToken(
        w.stack.config.CHECK_IN_SECRET,
        opp,
        w.stack.clock.now(),
      );
      return { path: p('checkIn', { id: opp }), body: { token } };
    },
  },
  startScoringPreview: {
    kind: 'write',
    expected: adminOnly(202),
    cell: () =>
      Promise.resolve({ path: p('startScoringPreview'), body: { first_signup_bonus_points: 0 } }),
  },
  eraseUser: {
    kind: 'write',
    expected: adminOnly(200),
    cell: async (w) => {
      const subject = await w.f.user('erasable');
      return { path: p('eraseUser', { id: subject.userId }) };
    },
  },
  // Waitlists and calendars (ADR 0010).
  getWaitlistStatus: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getWaitlistStatus', { id: w.publicOpp }),
  },
  getWaitlistPromotions: {
    kind: 'read',
    expected: users(200),
    path: () => p('getWaitlistPromotions'),
  },
  getOpportunityCalendar: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getOpportunityCalendar', { id: w.publicOpp }),
  },
  getCalendarSubscription: {
    kind: 'read',
    expected: users(200),
    path: () => p('getCalendarSubscription'),
  },
  // No bearer token: the secret in the path decides, and a made-up one names nothing.
  getCalendarFeed: {
    kind: 'read',
    expected: everyone(404),
    path: (w) => p('getCalendarFeed', { token: `${w.users.member.userId}.${'A'.repeat(43)}` }),
  },
  joinWaitlist: {
    kind: 'write',
    expected: users(201),
    cell: async (w) => ({ path: p('joinWaitlist', { id: await fullOpportunity(w) }) }),
  },
  leaveWaitlist: {
    kind: 'write',
    expected: users(200),
    cell: async (w, _role, actor) => {
      const id = await fullOpportunity(w);
      if (actor)
        expect((await w.stack.command('post', p('joinWaitlist', { id }), actor.token)).status).toBe(
          201,
        );
      return { path: p('leaveWaitlist', { id }) };
    },
  },
  resetCalendarSubscription: {
    kind: 'write',
    expected: users(200),
    cell: () => Promise.resolve({ path: p('resetCalendarSubscription') }),
  },
};

/** Whether a user object shows its email and phone. */
const contactShown = (person: unknown) => {
  const o = (person ?? {}) as Record<string, unknown>;
  return { email: typeof o['email'] === 'string', phone: typeof o['phone'] === 'string' };
};

describe('authorization matrix: every route x anonymous, student, host, member, admin', () => {
  let w: World;
  const jobsRedis = createRedisClient(TEST_REDIS_URL);
  const jobs = createJobQueues({ connection: jobsRedis, prefix: testRedisPrefix('matrix-jobs') });
  let reportsDir = '';

  beforeAll(async () => {
    reportsDir = await mkdtemp(join(tmpdir(), 'campus-matrix-reports-'));
    const stack = await startTestStack({
      config: { ADMIN_EMAILS: ['matrix-admin@university.edu'] },
      label: 'matrix',
      jobs,
      reportsDir,
    });
    const f = createFixtures(stack);
    const admin = await stack.registerUser('matrix-admin@university.edu', { phone: '5550000001' });
    const host = await f.user('host', { first: 'Hana', last: 'Host', phone: '5550000002' });
    const member = await f.user('member', { first: 'Mia', last: 'Member', phone: '5550000003' });
    const student = await f.user('student', { first: 'Stu', last: 'Dent', phone: '5550000004' });
    const org = await f.organization(host, { name: `Matrix Club ${randomUUID()}`, admin });
    await f.join(member, org.id);
    const publicOpp = await f.opportunity(host, org.id, { name: 'Matrix Public Cleanup' }, admin);
    const privateName = `Secret Matrix Gathering ${randomUUID().slice(0, 8)}`;
    const privateOpp = await f.opportunity(
      host,
      org.id,
      { name: privateName, visibility: [org.id] },
      admin,
    );
    await f.signUp(member, publicOpp);
    await f.signUp(member, privateOpp);
    w = {
      stack,
      f,
      users: { admin, host, member, student },
      org,
      publicOpp,
      privateOpp: { id: privateOpp, name: privateName },
      newOrganization: async () => {
        const o = await f.organization(host, { admin });
        await f.join(member, o.id);
        return o.id;
      },
      newOpportunity: (orgId, overrides = {}) => f.opportunity(host, orgId, overrides, admin),
    };
  });
  afterAll(async () => {
    await w.stack.stop();
    await jobs.reports.obliterate({ force: true });
    await jobs.replay.obliterate({ force: true });
    await jobs.scoringPreview.obliterate({ force: true });
    await jobs.close();
    jobsRedis.disconnect();
    await rm(reportsDir, { recursive: true, force: true });
  });

  it('has a row for every route of the contracts table, reads and writes', () => {
    const names = Object.keys(routes) as RouteName[];
    expect(names.filter((name) => !matrix[name])).toEqual([]);
    // And each row matches its route's kind.
    for (const name of names) {
      const kind = routes[name].method === 'GET' ? 'read' : 'write';
      expect(matrix[name]?.kind, name).toBe(kind);
    }
  });

  /** Events appended after `from` by the request carrying `correlationId` (their types). */
  const appendedBy = async (from: GlobalPosition, correlationId: string) =>
    (await w.stack.store.readAll({ from, max: 10_000 }))
      .filter((e) => e.metadata.correlationId === correlationId)
      .map((e) => e.type);

  const actorOf = (role: Role): Account | null => (role === 'anonymous' ? null : w.users[role]);

  const reads = (Object.entries(matrix) as [RouteName, Row][]).filter(
    (e): e is [RouteName, ReadRow] => e[1].kind === 'read',
  );
  it.each(reads.flatMap(([name, row]) => ROLES.map((role) => ({ name, row, role }))))(
    'GET $name as $role',
    async ({ row, role }) => {
      const actor = actorOf(role);
      const path = row.path(w);
      const response = await w.stack.read(path, actor?.token ?? null);
      expect(response.status, `${path}: ${response.text}`).toBe(row.expected[role]);
      if (response.status >= 400) {
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      // The private opportunity never reaches anyone outside its organization.
      if (role === 'student' || role === 'anonymous') {
        expect(response.text).not.toContain(w.privateOpp.id);
        expect(response.text).not.toContain(w.privateOpp.name);
      }
      if (row.contact && response.status === 200) {
        const person = row.contact.pick(response.body, w);
        expect(person, `${path}: the person is in the answer`).toBeDefined();
        expect(contactShown(person), `${path} as ${role}`).toEqual({
          email: row.contact.email.includes(role),
          phone: row.contact.phone.includes(role),
        });
      }
    },
  );

  const writes = (Object.entries(matrix) as [RouteName, Row][]).filter(
    (e): e is [RouteName, WriteRow] => e[1].kind === 'write',
  );
  it.each(writes.flatMap(([name, row]) => ROLES.map((role) => ({ name, row, role }))))(
    '$name as $role',
    async ({ name, row, role }) => {
      const now = w.stack.clock.now();
      const actor = actorOf(role);
      try {
        const cell = await row.cell(w, role, actor);
        const route = routes[name];
        const before = await w.stack.store.headPosition();
        const correlationId = randomUUID();
        const agent = request(w.stack.commandApp);
        const method = route.method.toLowerCase() as 'post' | 'put' | 'delete';
        let req = agent[method](cell.path).set('x-correlation-id', correlationId);
        if (actor) req = req.set('authorization', `Bearer ${actor.token}`);
        if (cell.file) req = req.attach('file', cell.file, { filename: 'a.png' });
        const response = cell.body ? await req.send(cell.body) : await req;
        expect(response.status, `${route.method} ${cell.path}: ${response.text}`).toBe(
          row.expected[role],
        );
        if (response.status === 401 || response.status === 403) {
          // A refused command appends nothing.
          expect(await appendedBy(before, correlationId)).toEqual([]);
          expect(response.headers[CONSISTENCY_TOKEN_HEADER]).toBeUndefined();
        }
      } finally {
        w.stack.clock.set(now);
      }
    },
  );

  describe('nobody acts as another: ids in bodies must match the token unless an admin acts', () => {
    type Case = {
      name: string;
      /** Sets up and answers the request made for `member` by someone else. */
      make: () => Promise<{ method: 'post' | 'put' | 'delete'; path: string; body?: object }>;
      adminStatus: number;
    };
    const cases: Case[] = [
      {
        name: 'signUp',
        make: async () => ({
          method: 'post',
          path: p('signUp'),
          body: {
            user_id: w.users.member.userId,
            opportunity_id: await w.newOpportunity(await w.newOrganization()),
          },
        }),
        adminStatus: 201,
      },
      {
        name: 'unregister',
        make: async () => {
          const opp = await w.newOpportunity(await w.newOrganization());
          await w.f.signUp(w.users.member, opp);
          return {
            method: 'post',
            path: p('unregister'),
            body: { user_id: w.users.member.userId, opportunity_id: opp },
          };
        },
        adminStatus: 200,
      },
      {
        name: 'joinOrganization',
        make: async () => ({
          method: 'post',
          path: p('joinOrganization'),
          body: {
            user_id: w.users.member.userId,
            organization_id: (await w.f.organization(w.users.host, { admin: w.users.admin })).id,
          },
        }),
        adminStatus: 200,
      },
      {
        name: 'leaveOrganization',
        make: async () => ({
          method: 'post',
          path: p('leaveOrganization'),
          body: { user_id: w.users.member.userId, organization_id: await w.newOrganization() },
        }),
        adminStatus: 200,
      },
      {
        name: 'requestFriend (path id)',
        make: async () => ({
          method: 'post',
          path: p('requestFriend', { id: w.users.member.userId }),
          body: { receiver_id: (await w.f.user('target')).userId },
        }),
        adminStatus: 200,
      },
      {
        name: 'updateProfile (path id)',
        make: () =>
          Promise.resolve({
            method: 'put',
            path: p('updateProfile', { id: w.users.member.userId }),
            body: { bio: 'Not mine' },
          }),
        // Only the owner edits a profile, admins included.
        adminStatus: 403,
      },
    ];

    it.each(cases)('$name for the member by the student: 403, nothing appended', async (c) => {
      const req = await c.make();
      const before = await w.stack.store.headPosition();
      const correlationId = randomUUID();
      const agent = request(w.stack.commandApp);
      let test = agent[req.method](req.path)
        .set('authorization', `Bearer ${w.users.student.token}`)
        .set('x-correlation-id', correlationId);
      if (req.body) test = test.send(req.body);
      const response = await test;
      expect(response.status, response.text).toBe(403);
      expect(await appendedBy(before, correlationId)).toEqual([]);
    });

    it.each(cases)('$name for the member by an admin', async (c) => {
      const req = await c.make();
      const response = await w.stack.command(req.method, req.path, w.users.admin.token, req.body);
      expect(response.status, response.text).toBe(c.adminStatus);
    });
  });

  describe('the private opportunity never leaks outside its organization', () => {
    const sees = async (account: Account, path: string) => {
      const response = await w.stack.read(path, account.token);
      expect(response.status, `${path}: ${response.text}`).toBe(200);
      return response.text.includes(w.privateOpp.id);
    };
    const paths = () => [
      p('listOpportunities'),
      `${p('listOpportunities')}?q=${encodeURIComponent(w.privateOpp.name)}`,
      `${p('search')}?q=${encodeURIComponent(w.privateOpp.name)}`,
      p('getOrganization', { id: w.org.id }),
    ];

    it('is in the lists and the search of its members, the host and admins', async () => {
      for (const account of [w.users.member, w.users.host, w.users.admin]) {
        expect(await sees(account, paths()[0] as string)).toBe(true);
        expect(await sees(account, paths()[1] as string)).toBe(true);
      }
      expect(await sees(w.users.member, p('getMyOpportunities'))).toBe(true);
      const detail = await w.stack.read(
        p('getOpportunity', { id: w.privateOpp.id }),
        w.users.member.token,
      );
      expect(detail.status).toBe(200);
    });

    it('is in no list, search, detail, check or leaderboard of someone outside', async () => {
      for (const path of paths()) expect(await sees(w.users.student, path), path).toBe(false);
      for (const name of [
        'getOpportunity',
        'isOpportunityFull',
        'getAttendance',
        'getWaitlistStatus',
        'getOpportunityCalendar',
      ] as const) {
        const response = await w.stack.read(
          p(name, { id: w.privateOpp.id }),
          w.users.student.token,
        );
        expect(response.status, name).toBe(404);
        expect(response.text).not.toContain(w.privateOpp.name);
      }
      for (const path of [
        `${p('getLeaderboard')}?period=all`,
        `${p('getLeaderboard')}?period=monthly&board=organizations`,
        `${p('getLeaderboardAsOf')}?date=2026-03-31&period=all`,
        p('getUser', { id: w.users.member.userId }),
        p('getUser', { id: w.users.host.userId }),
      ]) {
        const response = await w.stack.read(path, w.users.student.token);
        expect(response.status, path).toBe(200);
        expect(response.text, path).not.toContain(w.privateOpp.id);
        expect(response.text, path).not.toContain(w.privateOpp.name);
      }
    });

    it('signing up for it from outside is refused and appends nothing', async () => {
      const before = await w.stack.store.headPosition();
      const correlationId = randomUUID();
      const response = await request(w.stack.commandApp)
        .post(p('signUp'))
        .set('authorization', `Bearer ${w.users.student.token}`)
        .set('x-correlation-id', correlationId)
        .send({ user_id: w.users.student.userId, opportunity_id: w.privateOpp.id });
      expect([403, 404]).toContain(response.status);
      expect(response.text).not.toContain(w.privateOpp.name);
      expect(await appendedBy(before, correlationId)).toEqual([]);
    });

    it('the CSVs that list it are for admins only', async () => {
      for (const name of ['opportunitiesCsv', 'usersCsv'] as const) {
        expect((await w.stack.read(p(name), w.users.student.token)).status).toBe(403);
        expect((await w.stack.read(p(name), w.users.member.token)).status).toBe(403);
      }
      const admin = await w.stack.read(p('opportunitiesCsv'), w.users.admin.token);
      expect(admin.status).toBe(200);
      expect(admin.text).toContain(w.privateOpp.name);
    });
  });
});
