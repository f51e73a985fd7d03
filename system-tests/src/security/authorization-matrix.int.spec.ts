import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
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
  issueUnsubscribeToken,
  routes,
  type GlobalPosition,
  type RouteDefinition,
  type RouteName,
} from '@campus/contracts';
import { createRedisClient } from '@campus/infra';
import { openLiveStream, TEST_REDIS_URL, testRedisPrefix } from '@campus/infra/testing';
import { createJobQueues } from '@campus/read-model';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

/**
 * Every route of the contracts routes table, reads and writes, x {anonymous, student, host of this
 * opportunity, member of this organization, admin}: the expected status of each cell. A route
 * added to the table without a row here fails the first test.
 *
 * Then every answer that carries a person, field by field (docs/product-rules.md, who sees what): the
 * exact keys of each person object for each role, so a field added later without a decision
 * fails. Seen from the member, the roles are: student (unrelated), host (hosts an opportunity the
 * member is registered for), member (self), admin; seen from the host: member (a registered
 * participant of the host's opportunity), host (self). Anonymous gets nobody's data.
 *
 * The world: `host` created organization O and hosts the public opportunity P and the private
 * opportunity Q (visible to O only); `member` joined O and signed up for P and Q, attended a
 * third one (points, a ledger line marked by the host), is friends with `pal`, has a pending
 * friend request from the host and logged hours with O (one log verified by the host, one
 * waiting for them); `student` is in no organization. Every read cell also checks that
 * Q (its id and its name) never reaches anyone outside O (student, anonymous).
 */
type Role = 'anonymous' | 'student' | 'host' | 'member' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'student', 'host', 'member', 'admin'];
type Account = TestAccount;

type World = {
  stack: TestStack;
  f: Fixtures;
  users: Record<Exclude<Role, 'anonymous'>, Account>;
  /** The member's friend, in no other relation to anyone. */
  pal: Account;
  org: { id: string; name: string };
  publicOpp: string;
  privateOpp: { id: string; name: string };
  /** A fresh approved organization hosted by `host`, joined by `member`. */
  newOrganization: () => Promise<string>;
  /** A fresh approved opportunity hosted by `host` for `orgId`. */
  newOpportunity: (orgId: string, overrides?: Record<string, unknown>) => Promise<string>;
};

type ReadRow = {
  kind: 'read';
  expected: Record<Role, number>;
  path: (w: World) => string;
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
/** A read that answers a stream (Server-Sent Events): opened over a socket, then closed. */
type StreamRow = {
  kind: 'stream';
  expected: Record<Role, number>;
  path: (w: World) => string;
};
type Row = ReadRow | WriteRow | StreamRow;

const MEMBER_NAME = 'Mia Member';
const MEMBER_PHONE = '5550000003';
const HOST_NAME = 'Hana Host';
const HOST_PHONE = '5550000002';

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

/** Hours logged for an organization on the platform. */
const serviceHoursBody = (organizationId: string) => ({
  organization_id: organizationId,
  date: '2026-03-01',
  minutes: 30,
  cause: 'Education',
  description: 'Tutored after school.',
  verifier_name: 'Vera Verifier',
  verifier_email: 'vera@example.org',
});

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
  },
  getUser: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getUser', { id: w.users.member.userId }),
  },
  listUsers: {
    kind: 'read',
    expected: users(200),
    path: () => p('listUsers'),
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
  countOpportunities: { kind: 'read', expected: users(200), path: () => p('countOpportunities') },
  listUnapprovedOpportunities: {
    kind: 'read',
    expected: adminOnly(200),
    path: () => p('listUnapprovedOpportunities'),
  },
  getOpportunity: {
    kind: 'read',
    expected: users(200),
    path: (w) => p('getOpportunity', { id: w.publicOpp }),
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
  // No such report: nobody finds it (whom a report shows itself to: src/impact/impact.int.spec.ts).
  getReport: {
    kind: 'read',
    expected: users(404),
    path: () => p('getReport', { id: 'users-0-0' }),
  },
  downloadReport: {
    kind: 'read',
    expected: users(404),
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
  getAuditPointsHistory: {
    kind: 'read',
    expected: adminOnly(200),
    path: (w) => p('getAuditPointsHistory', { id: w.users.member.userId }),
  },
  getServiceHours: { kind: 'read', expected: adminOnly(200), path: () => p('getServiceHours') },
  // The impact dashboard of O (docs/impact.md): its host and admins only.
  getImpact: {
    kind: 'read',
    expected: only(['host', 'admin'], 200),
    path: (w) => `${p('getImpact')}?organization_id=${w.org.id}`,
  },
  impactCsv: {
    kind: 'read',
    expected: only(['host', 'admin'], 200),
    path: (w) =>
      `${p('impactCsv')}?table=months&from=2026-03-01&to=2026-03-31&organization_id=${w.org.id}`,
  },

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
  // A table of the impact dashboard of the host's organization: its host and admins.
  requestReport: {
    kind: 'write',
    expected: only(['host', 'admin'], 202),
    cell: (w) =>
      Promise.resolve({
        path: p('requestReport'),
        body: {
          kind: 'impact',
          table: 'months',
          from: '2026-03-01',
          to: '2026-03-31',
          organization_id: w.org.id,
        },
      }),
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
  // Mail preferences (docs/mail.md): one's own only, admins included.
  getMailPreferences: {
    kind: 'read',
    expected: only(['student'], 200),
    path: (w) => p('getMailPreferences', { id: w.users.student.userId }),
  },
  updateMailPreferences: {
    kind: 'write',
    expected: only(['student'], 200),
    cell: (w) =>
      Promise.resolve({
        path: p('updateMailPreferences', { id: w.users.student.userId }),
        body: { waitlist: false },
      }),
  },
  // No bearer token: the signed link decides (the member's, for whoever follows it).
  unsubscribe: {
    kind: 'write',
    expected: everyone(200),
    cell: async (w) => ({
      path: p('unsubscribe', {
        token: await issueUnsubscribeToken(
          w.stack.config.MAIL_LINK_SECRET,
          w.users.member.userId,
          'reminders',
        ),
      }),
    }),
  },
  // Live updates (docs/live-updates.md): every signed-in person, each told only what they may read.
  liveUpdates: { kind: 'stream', expected: users(200), path: () => p('liveUpdates') },
  // Service hours logged off the platform (docs/service-hours.md).
  getMyServiceLogs: { kind: 'read', expected: users(200), path: () => p('getMyServiceLogs') },
  getPendingServiceLogs: {
    // Everyone has a queue: the host and admins find the member's log in theirs, others nothing.
    kind: 'read',
    expected: users(200),
    path: () => p('getPendingServiceLogs'),
  },
  getLoggedHoursScoring: {
    kind: 'read',
    expected: adminOnly(200),
    path: () => p('getLoggedHoursScoring'),
  },
  logServiceHours: {
    // Anyone registered, for themselves.
    kind: 'write',
    expected: users(201),
    cell: (w) => Promise.resolve({ path: p('logServiceHours'), body: serviceHoursBody(w.org.id) }),
  },
  decideServiceHours: {
    // The student's own log: never the student; the host of its organization and admins only.
    kind: 'write',
    expected: only(['host', 'admin'], 200),
    cell: async (w) => {
      const id = await w.f.logHours(w.users.student, await w.newOrganization());
      return { path: p('decideServiceHours', { id }), body: { decision: 'approve' } };
    },
  },
  setLoggedHoursScoring: {
    kind: 'write',
    expected: adminOnly(200),
    cell: () => Promise.resolve({ path: p('setLoggedHoursScoring'), body: { earn_points: false } }),
  },
};

// ---- people, field by field ----

type Registered = Exclude<Role, 'anonymous'>;
type Group = 'public' | 'contact' | 'private';
/** The person whose fields are pinned: the member, the host, or the member's friend. */
type Subject = 'member' | 'host' | 'pal';

/** Which groups each role sees of each subject: the privacy rules, written out as a table. */
const ALL: readonly Group[] = ['public', 'contact', 'private'];
const SEES: Record<Subject, Record<Registered, readonly Group[]>> = {
  // The member is registered for the host's opportunities: the host sees their contact fields.
  member: { student: ['public'], host: ['public', 'contact'], member: ALL, admin: ALL },
  // A registered participant sees the host's contact fields on the Contact Host card only.
  host: { student: ['public'], host: ALL, member: ['public'], admin: ALL },
  // Friendship alone shows nothing more than the public fields.
  pal: { student: ['public'], host: ['public'], member: ['public'], admin: ALL },
};

/** The keys a person object of one answer may have, by group; `context` keys are not personal. */
type Shape = { readonly [G in Group | 'context']?: readonly string[] };

const USER: Shape = {
  public: [
    'id',
    'name',
    'first_name',
    'last_name',
    'profile_image',
    'interests',
    'bio',
    'points',
    'friends',
    'organizations',
    'organizationIds',
  ],
  contact: ['email', 'phone'],
  private: [
    'admin',
    'gender',
    'birthday',
    'graduation_year',
    'academic_level',
    'major',
    'car_seats',
    'registration_date',
  ],
};
const PROFILE: Shape = {
  ...USER,
  public: [
    ...(USER.public ?? []),
    'badges',
    'friend_count',
    'signup_count',
    'hours',
    'platform_hours',
    'logged_hours',
  ],
};
const PARTICIPANT: Shape = {
  public: ['id', 'name', 'profile_image', 'organizationIds'],
  contact: ['email', 'phone'],
  context: ['registered', 'attended'],
};
const AVATAR: Shape = { public: ['id', 'name', 'profile_image'] };
const ATTENDANCE_ROW: Shape = {
  public: ['user_id', 'name', 'profile_image'],
  context: ['attended'],
};
const FRIEND: Shape = {
  public: ['other_user_id', 'other_user_name', 'other_user_profile_image'],
  context: ['friendship_id'],
};
const FRIENDSHIP_STATUS: Shape = {
  public: ['user_id', 'name', 'profile_image'],
  context: ['friendship_id', 'friendship_status'],
};
const FRIEND_REQUEST: Shape = {
  public: ['user_id', 'name', 'profile_image'],
  context: ['friendship_id', 'requested_at'],
};
const SEARCH_STUDENT: Shape = {
  public: ['id', 'name', 'profile_image'],
  context: ['friendship_status', 'friendship_id'],
};
const BOARD_ENTRY: Shape = {
  public: ['rank', 'id', 'name', 'profile_image', 'points'],
  context: ['friendship_status', 'friendship_id'],
};
const BOARD_AS_OF_ENTRY: Shape = { public: ['rank', 'id', 'name', 'points'] };
const MONTHLY_POINTS: Shape = { public: ['id', 'points'] };
/** A points-history line names the host or admin who marked the attendance: id and name only. */
const POINTS_LINE: Shape = {
  public: ['actor_id', 'actor_name'],
  context: [
    'id',
    'at',
    'reason',
    'opportunity_id',
    'opportunity_name',
    'opportunity_date',
    'logged',
    'change',
    'running_total',
  ],
};

/**
 * The expected keys per role: null where the person is not in that role's answer. Signed out is
 * never expected today; a person route that becomes public must say what it shows them.
 */
type Expected = Partial<Record<Role, readonly string[] | null>>;
const keysFor = (shape: Shape, groups: readonly Group[]): string[] =>
  [...(shape.context ?? []), ...groups.flatMap((g) => shape[g] ?? [])].sort();
const seenAs = (subject: Subject, shape: Shape, roles?: readonly Registered[]): Expected =>
  Object.fromEntries(
    (Object.keys(SEES[subject]) as Registered[]).map((role) => [
      role,
      !roles || roles.includes(role) ? keysFor(shape, SEES[subject][role]) : null,
    ]),
  );

type PersonCheck = {
  /** Which person object of the answer, in words. */
  what: string;
  pick: (body: unknown, w: World) => unknown;
  expected: Expected;
};
type PeopleCase = { route: RouteName; path: (w: World) => string; checks: PersonCheck[] };

const idOf = (subject: Subject, w: World) =>
  subject === 'pal' ? w.pal.userId : w.users[subject].userId;
const list = (body: unknown, key?: string): Record<string, unknown>[] =>
  ((key ? (body as Record<string, unknown>)[key] : body) ?? []) as Record<string, unknown>[];
/** The entry of `subject` in a list (its id under `idKey`). */
const entryOf =
  (subject: Subject, idKey = 'id', listKey?: string) =>
  (body: unknown, w: World) =>
    list(body, listKey).find((e) => e[idKey] === idOf(subject, w));
/** The public opportunity in an opportunity list. */
const publicOppIn = (items: unknown, w: World) => list(items).find((o) => o['id'] === w.publicOpp);
const participant = (subject: Subject) => (opp: unknown, w: World) =>
  opp === undefined ? undefined : entryOf(subject, 'id', 'involved_users')(opp, w);
const avatar = (subject: Subject) => (opp: unknown, w: World) =>
  opp === undefined ? undefined : entryOf(subject, 'id', 'attendee_preview')(opp, w);
/** The public opportunity in My Opportunities, wherever the role finds it. */
const myPublicOpp = (body: unknown, w: World) => {
  const b = body as Record<string, Record<string, unknown[]> | null>;
  const all = ['hosting', 'registered', 'all'].flatMap((k) => [
    ...(b[k]?.['upcoming'] ?? []),
    ...(b[k]?.['past'] ?? []),
  ]);
  return publicOppIn(all, w);
};

const HOST_CARD_PUBLIC = ['id', 'name', 'profile_image'];
const PEOPLE: PeopleCase[] = [
  {
    route: 'getUser',
    path: (w) => p('getUser', { id: w.users.member.userId }),
    checks: [{ what: 'the member', pick: (b) => b, expected: seenAs('member', PROFILE) }],
  },
  {
    route: 'getUser',
    path: (w) => p('getUser', { id: w.users.host.userId }),
    checks: [{ what: 'the host', pick: (b) => b, expected: seenAs('host', PROFILE) }],
  },
  {
    route: 'getUser',
    path: (w) => p('getUser', { id: w.pal.userId }),
    checks: [{ what: "the member's friend", pick: (b) => b, expected: seenAs('pal', PROFILE) }],
  },
  {
    route: 'getUserByEmail',
    path: (w) => p('getUserByEmail', { address: w.users.member.email }),
    checks: [{ what: 'the member', pick: (b) => b, expected: seenAs('member', USER) }],
  },
  {
    route: 'getUserByEmail',
    path: (w) => p('getUserByEmail', { address: w.users.host.email }),
    checks: [{ what: 'the host', pick: (b) => b, expected: seenAs('host', USER) }],
  },
  {
    route: 'listUsers',
    path: () => p('listUsers'),
    checks: [
      { what: 'the member', pick: entryOf('member'), expected: seenAs('member', USER) },
      { what: 'the host', pick: entryOf('host'), expected: seenAs('host', USER) },
    ],
  },
  {
    route: 'getOpportunity',
    path: (w) => p('getOpportunity', { id: w.publicOpp }),
    checks: [
      {
        what: 'the member among the participants',
        pick: participant('member'),
        expected: seenAs('member', PARTICIPANT),
      },
      { what: "the member's avatar", pick: avatar('member'), expected: seenAs('member', AVATAR) },
      {
        // The email to whoever may read the opportunity, the phone to its participants.
        what: 'the Contact Host card',
        pick: (b) => (b as { host: unknown }).host,
        expected: {
          student: [...HOST_CARD_PUBLIC, 'email'].sort(),
          host: [...HOST_CARD_PUBLIC, 'email', 'phone'].sort(),
          member: [...HOST_CARD_PUBLIC, 'email', 'phone'].sort(),
          admin: [...HOST_CARD_PUBLIC, 'email', 'phone'].sort(),
        },
      },
    ],
  },
  {
    route: 'listOpportunities',
    path: () => p('listOpportunities'),
    checks: [
      {
        what: 'the member among the participants',
        pick: (b, w) => participant('member')(publicOppIn(b, w), w),
        expected: seenAs('member', PARTICIPANT),
      },
      {
        what: "the member's avatar",
        pick: (b, w) => avatar('member')(publicOppIn(b, w), w),
        expected: seenAs('member', AVATAR),
      },
    ],
  },
  {
    route: 'listOpportunities',
    path: () => `${p('listOpportunities')}?view=cards`,
    checks: [
      {
        what: "the member's avatar on a card",
        pick: (b, w) => avatar('member')(publicOppIn(b, w), w),
        expected: seenAs('member', AVATAR),
      },
    ],
  },
  {
    route: 'getMyOpportunities',
    path: () => p('getMyOpportunities'),
    checks: [
      {
        // The host hosts it, the member joined it, admins see every opportunity.
        what: 'the member among the participants',
        pick: (b, w) => participant('member')(myPublicOpp(b, w), w),
        expected: seenAs('member', PARTICIPANT, ['host', 'member', 'admin']),
      },
    ],
  },
  {
    route: 'getAttendance',
    path: (w) => p('getAttendance', { id: w.publicOpp }),
    checks: [
      {
        what: 'the member',
        pick: entryOf('member', 'user_id'),
        expected: seenAs('member', ATTENDANCE_ROW, ['host', 'admin']),
      },
    ],
  },
  {
    route: 'getOrganization',
    path: (w) => p('getOrganization', { id: w.org.id }),
    checks: [
      {
        what: 'the member among the members',
        pick: entryOf('member', 'id', 'members'),
        expected: seenAs('member', AVATAR),
      },
      {
        what: 'the host among the members',
        pick: entryOf('host', 'id', 'members'),
        expected: seenAs('host', AVATAR),
      },
    ],
  },
  {
    route: 'listFriends',
    path: (w) => p('listFriends', { id: w.users.member.userId }),
    checks: [
      {
        what: "the member's friend",
        pick: entryOf('pal', 'other_user_id'),
        expected: seenAs('pal', FRIEND),
      },
    ],
  },
  {
    route: 'listFriendshipStatuses',
    path: (w) => p('listFriendshipStatuses', { id: w.users.member.userId }),
    checks: [
      {
        what: 'the host (a pending request)',
        pick: entryOf('host', 'user_id'),
        expected: seenAs('host', FRIENDSHIP_STATUS, ['member', 'admin']),
      },
      {
        what: "the member's friend",
        pick: entryOf('pal', 'user_id'),
        expected: seenAs('pal', FRIENDSHIP_STATUS, ['member', 'admin']),
      },
    ],
  },
  {
    route: 'getNotifications',
    path: () => p('getNotifications'),
    checks: [
      {
        what: "the host's friend request",
        pick: entryOf('host', 'user_id', 'friend_requests'),
        expected: seenAs('host', FRIEND_REQUEST, ['member']),
      },
    ],
  },
  {
    route: 'search',
    path: () => `${p('search')}?q=${encodeURIComponent('Mia Member')}`,
    checks: [
      {
        // The search leaves out the caller.
        what: 'the member',
        pick: entryOf('member', 'id', 'students'),
        expected: seenAs('member', SEARCH_STUDENT, ['student', 'host', 'admin']),
      },
    ],
  },
  {
    route: 'getLeaderboard',
    path: () => `${p('getLeaderboard')}?period=all`,
    checks: [
      {
        what: 'the member',
        pick: entryOf('member', 'id', 'entries'),
        expected: seenAs('member', BOARD_ENTRY),
      },
    ],
  },
  {
    route: 'getLeaderboardAsOf',
    path: () => `${p('getLeaderboardAsOf')}?date=2026-03-05&period=all`,
    checks: [
      {
        what: 'the member',
        pick: entryOf('member', 'id', 'entries'),
        expected: seenAs('member', BOARD_AS_OF_ENTRY),
      },
    ],
  },
  {
    route: 'getMonthlyPoints',
    path: () => `${p('getMonthlyPoints')}?date=2026-03-01`,
    checks: [
      { what: 'the member', pick: entryOf('member'), expected: seenAs('member', MONTHLY_POINTS) },
    ],
  },
  {
    route: 'getPointsHistory',
    path: (w) => p('getPointsHistory', { id: w.users.member.userId }),
    checks: [
      {
        what: 'the host who marked the attendance',
        pick: (b, w) => entryOf('host', 'actor_id', 'entries')(b, w),
        expected: seenAs('host', POINTS_LINE, ['member', 'admin']),
      },
    ],
  },
];

/**
 * Answers that name a person only by a reference (an id, a host's name) or are admins' exports,
 * with why; any other answer that holds the member's, the host's or the friend's id must have a
 * case in PEOPLE.
 */
const PERSON_REFERENCES: Partial<Record<RouteName, string>> = {
  listApprovedOrganizations: "the creator's id and name on each organization",
  listUnapprovedOrganizations: "the creator's id and name (admins)",
  listUnapprovedOpportunities: "the host's id and name (admins)",
  getCheckIns: "ids of who checked in (the host and admins); the participants' list names them",
  getCalendarSubscription: "the caller's own feed link",
  usersCsv: 'admins: every field',
  opportunitiesCsv: 'admins',
  getOpportunityHistory: "admins' audit",
  getAuditPointsHistory: "admins' audit",
  getMyServiceLogs: "the caller's own logs; their verifier by id and name",
  getPendingServiceLogs:
    "the student's id and name on each log, for the host of its organization and admins",
};

const pinned = new Set(PEOPLE.map((c) => c.route));

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
    const host = await f.user('host', { first: 'Hana', last: 'Host', phone: HOST_PHONE });
    const member = await f.user('member', { first: 'Mia', last: 'Member', phone: MEMBER_PHONE });
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
    const pal = await f.user('pal', { first: 'Pat', last: 'Pal', phone: '5550000005' });
    await f.befriend(member, pal);
    await f.requestFriend(host, member);
    // Points for the member, marked by the host once the opportunity started.
    const attended = await f.opportunity(
      host,
      org.id,
      { date: '2026-03-02', time: '11:00' },
      admin,
    );
    await f.signUp(member, attended);
    const now = stack.clock.now();
    stack.clock.set('2026-03-02T18:00:00.000Z');
    await f.markAttendance(host, attended, [member], 60);
    stack.clock.set(now);
    // Hours the member logged off the platform: one verified by the host, one waiting for them.
    await f.decideHours(host, await f.logHours(member, org.id), 'approve');
    await f.logHours(member, org.id, { minutes: 20 });
    w = {
      stack,
      f,
      users: { admin, host, member, student },
      pal,
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
      const route: RouteDefinition = routes[name];
      const kind = route.method === 'GET' ? (route.stream ? 'stream' : 'read') : 'write';
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
    async ({ name, row, role }) => {
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
      // Signed out: nobody's personal data. The unrelated student: never the member's contact
      // fields, nor the host's phone.
      const never =
        role === 'anonymous'
          ? [MEMBER_NAME, HOST_NAME, MEMBER_PHONE, HOST_PHONE]
          : role === 'student'
            ? [w.users.member.email, MEMBER_PHONE, HOST_PHONE]
            : [];
      // (A PDF answer has no text: the transcript is the student's and admins'.)
      const text = typeof response.text === 'string' ? response.text : '';
      for (const value of never) expect(text, path).not.toContain(value);
      // An answer naming one of the people is pinned field by field below, or says why not.
      const people = [w.users.member.userId, w.users.host.userId, w.pal.userId];
      if (response.status === 200 && people.some((id) => text.includes(id))) {
        expect(
          pinned.has(name) || PERSON_REFERENCES[name] !== undefined,
          `${name} names a person: add it to PEOPLE or PERSON_REFERENCES`,
        ).toBe(true);
      }
    },
  );

  it.each(
    PEOPLE.flatMap((c) =>
      ROLES.map((role) => ({ ...c, role, whats: c.checks.map((k) => k.what).join(', ') })),
    ),
  )('GET $route as $role: every field of $whats', async ({ route, path, checks, role }) => {
    const actor = actorOf(role);
    const response = await w.stack.read(path(w), actor?.token ?? null);
    const status = (matrix[route] as ReadRow).expected[role];
    expect(response.status, response.text).toBe(status);
    if (status !== 200) return;
    for (const check of checks) {
      const expected = check.expected[role];
      if (expected === undefined) throw new Error(`${route}: no expectation for ${role}`);
      const person = check.pick(response.body, w) as Record<string, unknown> | undefined;
      if (expected === null) {
        expect(person, `${check.what} is not in the answer`).toBeUndefined();
      } else {
        expect(person, `${check.what} is in the answer`).toBeDefined();
        expect(Object.keys(person ?? {}).sort(), check.what).toEqual(expected);
      }
    }
  });

  const streams = (Object.entries(matrix) as [RouteName, Row][]).filter(
    (e): e is [RouteName, StreamRow] => e[1].kind === 'stream',
  );
  it.each(streams.flatMap(([name, row]) => ROLES.map((role) => ({ name, row, role }))))(
    'GET $name as $role (a stream)',
    async ({ row, role }) => {
      const actor = actorOf(role);
      const server = w.stack.queryApp.listen(0, '127.0.0.1');
      try {
        await new Promise<void>((resolve) => server.once('listening', resolve));
        const { port } = server.address() as AddressInfo;
        const stream = await openLiveStream(
          `http://127.0.0.1:${String(port)}${row.path(w)}`,
          actor?.token ?? null,
        );
        expect(stream.status).toBe(row.expected[role]);
        if (stream.status === 200) expect((await stream.next()).event).toBe('ready');
        stream.close();
        await stream.ended;
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
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
