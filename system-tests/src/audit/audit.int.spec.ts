import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditPointsHistorySchema,
  opportunityHistorySchema,
  pointsHistorySchema,
  serviceHoursSchema,
  texts,
  adminTexts,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'audit-admin@university.edu';
/** Where the shared setup leaves the clock: every test starts from here, whatever ran before. */
const AFTER_SETUP = '2026-04-01T20:00:00.000Z';
const s = adminTexts.eventSummary;

describe('admin audit reads over HTTP', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let amy: TestAccount;
  let ben: TestAccount;
  let opportunityId: string;
  let lonelyId: string;

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'audit' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hal', last: 'Host' });
    amy = await f.user('amy', { first: 'Amy', last: 'Able' });
    ben = await f.user('ben', { first: 'Ben', last: 'Bold' });
    const club = await f.organization(host, { name: 'Running Club', type: 'Sports Team', admin });
    opportunityId = await f.opportunity(host, club.id, { date: '2026-03-10', duration: 90 }, admin);
    const film = await f.organization(admin, { name: 'Film Society', type: 'Cultural', admin });
    lonelyId = await f.opportunity(admin, film.id, { date: '2026-04-01' });
    await f.announce(host, opportunityId, 'Meet at the north gate.');
    stack.clock.advance(1_000);
    await f.signUp(amy, opportunityId);
    stack.clock.advance(1_000);
    const registered = await stack.command('post', '/api/register-opp', admin.token, {
      user_id: ben.userId,
      opportunity_id: opportunityId,
    });
    expect(registered.status, registered.text).toBeLessThan(300);
    await f.signUp(ben, lonelyId);
    stack.clock.set('2026-03-10T20:00:00.000Z');
    await f.markAttendance(host, opportunityId, [amy, ben], 90);
    stack.clock.set(AFTER_SETUP);
    await f.markAttendance(admin, lonelyId, [ben], 30);
  });
  afterAll(async () => {
    await stack.stop();
  });
  afterEach(() => {
    stack.clock.set(AFTER_SETUP);
  });

  describe('GET /api/admin/opportunities/:id/history', () => {
    it('lists every event of the stream with its time, type, actor and a summary by name', async () => {
      const response = await stack.read(
        `/api/admin/opportunities/${opportunityId}/history`,
        admin.token,
      );
      expect(response.status, response.text).toBe(200);
      const history = opportunityHistorySchema.parse(response.body);
      expect(history.opportunity_id).toBe(opportunityId);
      expect(history.name).toMatch(/^Opportunity /);
      expect(history.entries.map((e) => [e.type, e.actor_name, e.summary])).toEqual([
        ['OpportunityCreated', 'Hal Host', s.created(history.name ?? '', false)],
        ['OpportunityApproved', 'Ada Admin', s.approved],
        ['AnnouncementPosted', 'Hal Host', s.announcementPosted('Meet at the north gate.')],
        ['UserSignedUp', 'Amy Able', s.signedUp('Amy Able')],
        ['UserSignedUp', 'Ada Admin', s.signedUpBy('Ben Bold')],
        ['AttendanceMarked', 'Hal Host', s.attendance(2, 0, 90) + s.bonus('Amy Able', 5)],
      ]);
      const times = history.entries.map((e) => e.at);
      expect([...times].sort()).toEqual(times);
      expect(history.entries.at(-1)?.at).toBe('2026-03-10T20:00:00.000Z');
      // Personal data appears only as names: no email address anywhere in the answer.
      expect(response.text).not.toContain('@university.edu');
    });

    it('refuses non-admins and anonymous callers', async () => {
      const path = `/api/admin/opportunities/${opportunityId}/history`;
      expect((await stack.read(path, host.token)).status).toBe(403);
      expect((await stack.read(path, amy.token)).status).toBe(403);
      expect((await request(stack.queryApp).get(path)).status).toBe(401);
    });

    it('is 404 with the exact text for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const response = await stack.read(`/api/admin/opportunities/${id}/history`, admin.token);
        expect(response.status, id).toBe(404);
        expect(response.body.message).toBe(texts.notFound.opportunity);
      }
    });
  });

  describe('GET /api/users/:id/points-history for the admin audit', () => {
    it('names the actor of every line, with running totals', async () => {
      const response = await stack.read(`/api/users/${ben.userId}/points-history`, admin.token);
      expect(response.status).toBe(200);
      const history = pointsHistorySchema.parse(response.body);
      expect(
        history.entries.map((e) => [e.reason, e.actor_name, e.change, e.running_total]),
      ).toEqual([
        ['first_signup_bonus', 'Ada Admin', 5, 125],
        ['attendance', 'Ada Admin', 30, 120],
        ['attendance', 'Hal Host', 90, 90],
      ]);
      expect((await stack.read(`/api/users/${ben.userId}/points-history`, amy.token)).status).toBe(
        403,
      );
    });
  });

  describe('GET /api/admin/service-hours', () => {
    it('sums attended hours per month and host organization type, without the bonus', async () => {
      const response = await stack.read('/api/admin/service-hours', admin.token);
      expect(response.status).toBe(200);
      // The months of the shared setup: other tests award points in later months only.
      const rows = serviceHoursSchema.parse(response.body).rows;
      expect(rows.filter((r) => r.month <= '2026-04')).toEqual([
        { month: '2026-03', organization_type: 'Sports Team', hours: 3 },
        { month: '2026-04', organization_type: 'Cultural', hours: 0.5 },
      ]);
    });

    it('refuses non-admins', async () => {
      expect((await stack.read('/api/admin/service-hours', amy.token)).status).toBe(403);
      expect((await request(stack.queryApp).get('/api/admin/service-hours')).status).toBe(401);
    });
  });
  describe('GET /api/admin/users/:id/points-history flags awards for a second look', () => {
    let longId: string;
    let selfId: string;
    const ledgerOf = async (account: TestAccount) => {
      const response = await stack.read(
        `/api/admin/users/${account.userId}/points-history`,
        admin.token,
      );
      expect(response.status, response.text).toBe(200);
      return auditPointsHistorySchema.parse(response.body);
    };

    beforeAll(async () => {
      stack.clock.set(AFTER_SETUP);
      const garden = await f.organization(host, { name: 'Garden Club', admin });
      longId = await f.opportunity(host, garden.id, { date: '2026-05-04', duration: 60 }, admin);
      selfId = await f.opportunity(host, garden.id, { date: '2026-05-05', duration: 60 }, admin);
      await f.signUp(amy, longId);
      await f.signUp(host, selfId);
      await f.signUp(amy, selfId);
      stack.clock.set('2026-05-06T20:00:00.000Z');
      await f.markAttendance(host, longId, [amy], 120);
      await f.markAttendance(host, selfId, [host, amy], 60);
    });

    it('flags a longer-than-scheduled award and one where the host attended; a clean award has none', async () => {
      const amyLedger = await ledgerOf(amy);
      expect(
        amyLedger.entries.map((e) => [
          e.opportunity_id,
          e.reason,
          e.change,
          e.scheduled_minutes,
          e.flags,
        ]),
      ).toEqual([
        [selfId, 'attendance', 60, 60, ['host-attended']],
        [longId, 'first_signup_bonus', 5, 60, []],
        [longId, 'attendance', 120, 60, ['longer-than-scheduled']],
        [opportunityId, 'first_signup_bonus', 5, 90, []],
        [opportunityId, 'attendance', 90, 90, []],
      ]);
      expect(amyLedger.points).toBe(280);
      expect(amyLedger.entries[0]?.running_total).toBe(280);
      const hostLedger = await ledgerOf(host);
      expect(hostLedger.entries.map((e) => [e.reason, e.change, e.flags])).toEqual([
        ['first_signup_bonus', 5, []],
        ['attendance', 60, ['host-attended']],
      ]);
    });

    it('flags the same awards in the opportunity histories', async () => {
      const flagsOf = async (id: string) => {
        const response = await stack.read(`/api/admin/opportunities/${id}/history`, admin.token);
        return opportunityHistorySchema
          .parse(response.body)
          .entries.filter((e) => e.flags.length > 0)
          .map((e) => [e.type, e.flags]);
      };
      expect(await flagsOf(opportunityId)).toEqual([]);
      expect(await flagsOf(longId)).toEqual([['AttendanceMarked', ['longer-than-scheduled']]]);
      expect(await flagsOf(selfId)).toEqual([['AttendanceMarked', ['host-attended']]]);
    });

    it('is for admins only, and 404 for an unknown user', async () => {
      const path = `/api/admin/users/${amy.userId}/points-history`;
      expect((await stack.read(path, amy.token)).status).toBe(403);
      expect((await stack.read(path, host.token)).status).toBe(403);
      expect((await request(stack.queryApp).get(path)).status).toBe(401);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const response = await stack.read(`/api/admin/users/${id}/points-history`, admin.token);
        expect(response.status, id).toBe(404);
        expect(response.body.message).toBe(texts.notFound.user);
      }
    });
  });
  describe('the point history order: newest first by the opportunity date, whenever awarded', () => {
    let cara: TestAccount;
    const ids: Record<string, string> = {};

    // Its own user, club and opportunities (in June, after every other test's); the clock is set
    // back after its tests.
    beforeAll(async () => {
      stack.clock.set(AFTER_SETUP);
      cara = await f.user('cara', { first: 'Cara', last: 'Clay' });
      const club = await f.organization(host, { name: 'Order Club', admin });
      ids['early'] = await f.opportunity(
        host,
        club.id,
        { date: '2026-06-01', duration: 30 },
        admin,
      );
      ids['late'] = await f.opportunity(host, club.id, { date: '2026-06-03', duration: 60 }, admin);
      ids['sameDay'] = await f.opportunity(
        host,
        club.id,
        { date: '2026-06-03', duration: 45 },
        admin,
      );
      for (const id of Object.values(ids)) await f.signUp(cara, id);
      // The later-dated award is recorded first, the earlier-dated one after it, then a second
      // award of the later date.
      stack.clock.set('2026-06-04T20:00:00.000Z');
      await f.markAttendance(host, ids['late'] ?? '', [cara], 60);
      stack.clock.advance(60_000);
      await f.markAttendance(host, ids['early'] ?? '', [cara], 30);
      stack.clock.advance(60_000);
      await f.markAttendance(host, ids['sameDay'] ?? '', [cara], 45);
    });

    const expected = () => [
      [ids['sameDay'], 'first_signup_bonus', '2026-06-03', 5, 150],
      [ids['sameDay'], 'attendance', '2026-06-03', 45, 145],
      [ids['late'], 'first_signup_bonus', '2026-06-03', 5, 100],
      [ids['late'], 'attendance', '2026-06-03', 60, 95],
      [ids['early'], 'first_signup_bonus', '2026-06-01', 5, 35],
      [ids['early'], 'attendance', '2026-06-01', 30, 30],
    ];

    it('answers the same order and running totals to the user and in the admin audit', async () => {
      const own = await stack.read(`/api/users/${cara.userId}/points-history`, cara.token);
      expect(own.status, own.text).toBe(200);
      const audit = await stack.read(`/api/admin/users/${cara.userId}/points-history`, admin.token);
      expect(audit.status, audit.text).toBe(200);
      for (const history of [
        pointsHistorySchema.parse(own.body),
        auditPointsHistorySchema.parse(audit.body),
      ]) {
        const lines = history.entries;
        expect(
          lines.map((e) => [
            e.opportunity_id,
            e.reason,
            e.opportunity_date,
            e.change,
            e.running_total,
          ]),
        ).toEqual(expected());
        // The top line's total is the user's points; each is the one below plus its change.
        expect(history.points).toBe(150);
        expect(lines[0]?.running_total).toBe(history.points);
        lines.forEach((line, i) =>
          expect(line.running_total).toBe((lines[i + 1]?.running_total ?? 0) + line.change),
        );
      }
      expect(pointsHistorySchema.parse(own.body).entries.map((e) => e.id)).toEqual(
        auditPointsHistorySchema.parse(audit.body).entries.map((e) => e.id),
      );
    });
  });
});
