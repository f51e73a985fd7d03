import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditPointsHistorySchema,
  leaderboardSchema,
  loggedHoursScoringSchema,
  myServiceLogsSchema,
  notificationsSchema,
  pendingServiceLogsSchema,
  pointsHistorySchema,
  userProfileSchema,
  type PointsHistory,
  type ServiceLog,
  serviceHoursTexts,
  transcriptTexts,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { binary, pdfText } from '../stack/pdf-text';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'hours-admin@university.edu';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const t = transcriptTexts;
const th = serviceHoursTexts.transcript;

/**
 * Service hours logged off the platform, end to end (docs/service-hours.md): a student logs, the
 * host of the organization (or an admin) decides, and the student's logs, notifications, profile,
 * point history, the admin audit, the transcript and, under the admins' rule, the points and
 * boards show it. Real Postgres, Redis and the auth emulator.
 *
 * The world: Hal hosts Green Club and the Park Cleanup (90 minutes) that Pat and Sue attended
 * (Pat signed up first: +5); Olive hosts Blue Club, Ivy hosts Harbor Club. Sue logs A (Green
 * Club, 150 minutes, to approve), B (Green Club, 30, to reject) and C (City Library, outside the
 * platform, 40, for an admin); Hal and the admin each log hours of their own.
 */
describe('service hours logged off the platform: logged, verified, shown (real stack)', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let olive: TestAccount;
  let ivy: TestAccount;
  let sue: TestAccount;
  let pat: TestAccount;
  let green: { id: string; name: string };
  let harbor: { id: string; name: string };
  let park = '';
  let photo = '';
  const log = { a: '', b: '', c: '', hostOwn: '', adminOwn: '' };

  const get = async (path: string, account: TestAccount) => {
    const response = await stack.read(path, account.token);
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return response.body as unknown;
  };
  const mine = async (account: TestAccount) => {
    const body = await get('/api/hours/mine', account);
    const parsed = myServiceLogsSchema.parse(body);
    // Exactly the contract's fields: nothing the schema would strip.
    expect(body).toStrictEqual(parsed);
    return parsed;
  };
  const pending = async (account: TestAccount) => {
    const body = await get('/api/hours/pending', account);
    const parsed = pendingServiceLogsSchema.parse(body);
    expect(body).toStrictEqual(parsed);
    return parsed.logs;
  };
  const ids = (logs: readonly ServiceLog[]) => logs.map((l) => l.id);
  const notifications = async (account: TestAccount) => {
    const body = await get('/api/notifications', account);
    const parsed = notificationsSchema.parse(body);
    expect(body).toStrictEqual(parsed);
    return parsed;
  };
  const profile = async (of: TestAccount, viewer: TestAccount) =>
    userProfileSchema.parse(await get(`/api/users/${of.userId}`, viewer));
  const history = async (of: TestAccount, viewer: TestAccount) =>
    pointsHistorySchema.parse(await get(`/api/users/${of.userId}/points-history`, viewer));
  const decide = (as: TestAccount, id: string, body: object) =>
    stack.command('post', `/api/hours/${id}/decision`, as.token, body);
  const transcriptText = async (of: TestAccount, as: TestAccount) => {
    const response = await stack
      .read(`/api/users/${of.userId}/transcript.pdf`, as.token)
      .buffer(true)
      .parse(binary);
    expect(response.status).toBe(200);
    return pdfText(response.body as Buffer);
  };
  /** The individuals board of `period` as `as` sees it: [id, rank, points] of `who`. */
  const standings = async (period: 'all' | 'monthly', who: TestAccount[], as: TestAccount) => {
    const board = leaderboardSchema.parse(await get(`/api/leaderboard?period=${period}`, as));
    return who.map((account) => {
      const entry = board.entries.find((e) => e.id === account.userId);
      return [account.userId, entry?.rank ?? null, entry?.points ?? null];
    });
  };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'service-hours' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hal', last: 'Host' });
    olive = await f.user('olive', { first: 'Olive', last: 'Other' });
    ivy = await f.user('ivy', { first: 'Ivy', last: 'Interim' });
    sue = await f.user('sue', { first: 'Sue', last: 'Student' });
    pat = await f.user('pat', { first: 'Pat', last: 'Peer' });
    green = await f.organization(host, { name: 'Green Club', admin });
    await f.organization(olive, { name: 'Blue Club', admin });
    harbor = await f.organization(ivy, { name: 'Harbor Club', admin });
    park = await f.opportunity(
      host,
      green.id,
      { name: 'Park Cleanup', date: '2026-03-03', time: '10:00', duration: 90 },
      admin,
    );
    await f.signUp(pat, park); // The first signup: +5.
    await f.signUp(sue, park);
    stack.clock.set('2026-03-03T17:00:00.000Z');
    await f.markAttendance(host, park, [sue, pat], 90);

    const upload = await request(stack.commandApp)
      .post('/upload')
      .set('authorization', `Bearer ${sue.token}`)
      .attach('file', PNG, 'certificate.png');
    expect(upload.status, upload.text).toBe(201);
    photo = (upload.body as { url: string }).url;

    stack.clock.set('2026-03-03T17:05:00.000Z');
    log.a = await f.logHours(sue, green.id, {
      date: '2026-03-01',
      minutes: 150,
      cause: 'Education',
      description: 'Tutored ninth graders in algebra.',
      verifier_name: 'Vera Verifier',
      verifier_email: 'vera@greenclub.example.org',
      photo,
    });
    stack.clock.set('2026-03-03T17:10:00.000Z');
    log.b = await f.logHours(sue, green.id, {
      date: '2026-02-27',
      minutes: 30,
      cause: 'Other',
      description: 'Helped at the bake sale.',
    });
    stack.clock.set('2026-03-03T17:15:00.000Z');
    log.c = await f.logHours(
      sue,
      { outside: 'City Library' },
      { date: '2026-02-20', minutes: 40, cause: 'Health and Wellness', description: 'Read aloud.' },
    );
    stack.clock.set('2026-03-03T17:20:00.000Z');
    log.hostOwn = await f.logHours(host, green.id, { minutes: 45 });
    stack.clock.set('2026-03-03T17:25:00.000Z');
    log.adminOwn = await f.logHours(admin, { outside: 'Food Bank' }, { minutes: 25 });
    stack.clock.set('2026-03-03T17:30:00.000Z');
  });
  afterAll(async () => {
    await stack.stop();
  });

  it("lists the student's own logs newest first, with the minutes waiting", async () => {
    const sues = await mine(sue);
    expect(ids(sues.logs)).toEqual([log.c, log.b, log.a]);
    expect(sues).toMatchObject({ approved_minutes: 0, pending_minutes: 220 });
    expect(sues.logs[2]).toEqual({
      id: log.a,
      user_id: sue.userId,
      user_name: 'Sue Student',
      organization_id: green.id,
      organization_name: 'Green Club',
      outside: false,
      date: '2026-03-01',
      minutes: 150,
      cause: 'Education',
      description: 'Tutored ninth graders in algebra.',
      verifier_name: 'Vera Verifier',
      verifier_email: 'vera@greenclub.example.org',
      photo,
      status: 'pending',
      logged_at: '2026-03-03T17:05:00.000Z',
      decided_at: null,
      decided_by_id: null,
      decided_by_name: null,
      reason: null,
    });
    expect(sues.logs[0]).toMatchObject({
      organization_id: null,
      organization_name: 'City Library',
      outside: true,
      photo: null,
    });
    expect(await mine(pat)).toEqual({ approved_minutes: 0, pending_minutes: 0, logs: [] });
    expect((await request(stack.queryApp).get('/api/hours/mine')).status).toBe(401);
  });

  it("queues pending logs for their organization's host and admins, never the caller's own", async () => {
    // Oldest first. The host's own log is not theirs to decide, nor the outside one.
    const hosts = await pending(host);
    expect(ids(hosts)).toEqual([log.a, log.b]);
    expect(hosts[0]).toMatchObject({
      user_name: 'Sue Student',
      verifier_email: 'vera@greenclub.example.org',
    });
    expect(ids(await pending(admin))).toEqual([log.a, log.b, log.c, log.hostOwn]);
    // A host of another organization, the student and a bystander: nothing.
    for (const account of [olive, ivy, sue, pat]) expect(await pending(account)).toEqual([]);
    expect((await request(stack.queryApp).get('/api/hours/pending')).status).toBe(401);
  });

  it('lets nobody decide their own hours, nor hours they do not verify, nor log for another', async () => {
    const approve = { decision: 'approve' };
    for (const [as, id] of [
      [sue, log.a], // their own
      [host, log.hostOwn], // their own, on the organization they host
      [admin, log.adminOwn], // their own, admins included
      [olive, log.a], // the host of another organization
      [pat, log.a], // a bystander
      [host, log.c], // an outside organization: admins only
    ] as const) {
      const response = await decide(as, id, approve);
      expect(response.status, response.text).toBe(403);
    }
    const noReason = await decide(host, log.b, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('reason');
    expect((await decide(admin, '6f0c61a4-4d43-4b5e-9d43-6ab2b8f0a001', approve)).status).toBe(404);
    // Nor does anyone log hours for someone else: a log is always the caller's own.
    const forSue = await stack.command('post', '/api/hours', admin.token, {
      user_id: sue.userId,
      outside_organization: 'Food Bank',
      date: '2026-03-01',
      minutes: 600,
      cause: 'Other',
      description: 'Not mine to log.',
      verifier_name: 'Vera Verifier',
      verifier_email: 'vera@example.org',
    });
    expect(forSue.status).toBe(400);
    expect(forSue.text).toContain('user_id');
    expect(ids(await pending(host))).toEqual([log.a, log.b]);
    expect((await mine(sue)).pending_minutes).toBe(220);
  });

  it("shows decisions in the student's logs and notifications, a rejection with its reason", async () => {
    stack.clock.set('2026-03-03T18:00:00.000Z');
    await f.decideHours(host, log.a, 'approve', 'Confirmed with Vera.');
    stack.clock.set('2026-03-03T18:05:00.000Z');
    await f.decideHours(host, log.b, 'reject', 'No such shift on our calendar.');
    stack.clock.set('2026-03-03T18:10:00.000Z');
    await f.decideHours(admin, log.c, 'approve');
    // Decided once.
    expect((await decide(admin, log.a, { decision: 'reject', reason: 'Changed' })).status).toBe(
      409,
    );

    const sues = await mine(sue);
    expect(sues).toMatchObject({ approved_minutes: 190, pending_minutes: 0 });
    const [c, b, a] = sues.logs;
    expect(a).toMatchObject({
      status: 'approved',
      decided_at: '2026-03-03T18:00:00.000Z',
      decided_by_id: host.userId,
      decided_by_name: 'Hal Host',
      reason: 'Confirmed with Vera.',
    });
    expect(b).toMatchObject({
      status: 'rejected',
      decided_by_name: 'Hal Host',
      reason: 'No such shift on our calendar.',
    });
    expect(c).toMatchObject({ status: 'approved', decided_by_name: 'Ada Admin', reason: null });
    expect(await pending(host)).toEqual([]);
    expect(ids(await pending(admin))).toEqual([log.hostOwn]);

    const bell = await notifications(sue);
    // The count stays the friend requests waiting.
    expect(bell.count).toBe(0);
    expect(
      bell.hours_decisions.map((d) => [
        d.log_id,
        d.status,
        d.organization_name,
        d.date,
        d.minutes,
        d.decided_at,
        d.decided_by_name,
        d.reason,
      ]),
    ).toEqual([
      [
        log.c,
        'approved',
        'City Library',
        '2026-02-20',
        40,
        '2026-03-03T18:10:00.000Z',
        'Ada Admin',
        null,
      ],
      [
        log.b,
        'rejected',
        'Green Club',
        '2026-02-27',
        30,
        '2026-03-03T18:05:00.000Z',
        'Hal Host',
        'No such shift on our calendar.',
      ],
      [
        log.a,
        'approved',
        'Green Club',
        '2026-03-01',
        150,
        '2026-03-03T18:00:00.000Z',
        'Hal Host',
        'Confirmed with Vera.',
      ],
    ]);
    expect((await notifications(pat)).hours_decisions).toEqual([]);
    // The last 30 days by the clock: a decision older than that is no longer listed.
    try {
      stack.clock.set('2026-04-02T18:07:00.000Z');
      expect((await notifications(sue)).hours_decisions.map((d) => d.log_id)).toEqual([log.c]);
      stack.clock.set('2026-04-03T00:00:00.000Z');
      expect((await notifications(sue)).hours_decisions).toEqual([]);
    } finally {
      stack.clock.set('2026-03-03T18:30:00.000Z');
    }
  });

  it('splits the profile into platform and logged hours; rejected and waiting logs do not count', async () => {
    // 90 attended minutes (1.5 h) + 150 and 40 approved logged minutes (3.2 h).
    for (const viewer of [pat, sue, admin]) {
      expect(await profile(sue, viewer)).toMatchObject({
        points: 90,
        platform_hours: 1.5,
        logged_hours: 3.2,
        hours: 4.7,
      });
    }
    // The bonus is platform points too.
    expect(await profile(pat, sue)).toMatchObject({
      points: 95,
      platform_hours: 1.6,
      logged_hours: 0,
      hours: 1.6,
    });
  });

  /** [reason, opportunity_id, date, change, running total, logged] of each line, newest first. */
  const lines = (entries: PointsHistory['entries']) =>
    entries.map((e) => [
      e.reason,
      e.opportunity_id,
      e.opportunity_date,
      e.change,
      e.running_total,
      e.logged,
    ]);
  const loggedA = () => ({
    log_id: log.a,
    organization_name: 'Green Club',
    minutes: 150,
    verified_by_name: 'Hal Host',
  });
  const loggedC = () => ({
    log_id: log.c,
    organization_name: 'City Library',
    minutes: 40,
    verified_by_name: 'Ada Admin',
  });

  it('lists each approved log as a ledger line of its own in the point history and the audit', async () => {
    const own = await history(sue, sue);
    expect(own.points).toBe(90);
    // Worth nothing while the rule is off; dated by the service date.
    expect(lines(own.entries)).toEqual([
      ['attendance', park, '2026-03-03', 90, 90, null],
      ['logged_hours', null, '2026-03-01', 0, 0, loggedA()],
      ['logged_hours', null, '2026-02-20', 0, 0, loggedC()],
    ]);
    expect(own.entries[0]?.actor_name).toBe('Hal Host');

    const audit = auditPointsHistorySchema.parse(
      await get(`/api/admin/users/${sue.userId}/points-history`, admin),
    );
    expect(audit.entries.map((e) => e.id)).toEqual(own.entries.map((e) => e.id));
    expect(lines(audit.entries)).toEqual(lines(own.entries));
    expect(audit.entries.map((e) => [e.scheduled_minutes, e.flags])).toEqual([
      [90, []],
      [null, []],
      [null, []],
    ]);
    expect((await stack.read(`/api/users/${sue.userId}/points-history`, pat.token)).status).toBe(
      403,
    );
  });

  it('lists verified logged service on the transcript with its source, in the totals', async () => {
    const text = await transcriptText(sue, sue);
    expect(text).toContain(th.source);
    expect(text).toMatch(
      /Logged service\s+City Library\s+Feb 20, 2026\s+40\s+Health and Wellness\s+Logged, verified by\s+Ada Admin/,
    );
    expect(text).toMatch(
      /Logged service\s+Green Club\s+Mar 1, 2026\s+150\s+Education\s+Logged, verified by\s+Hal Host/,
    );
    expect(text).toMatch(
      /Park Cleanup\s+Green Club\s+Mar 3, 2026\s+90\s+Environment & Sustainability\s+Platform/,
    );
    // Oldest first; the rejected log is not there.
    expect(text.indexOf('City Library')).toBeLessThan(text.indexOf('Mar 1, 2026'));
    expect(text.indexOf('Mar 1, 2026')).toBeLessThan(text.indexOf('Park Cleanup'));
    expect(text).not.toContain('Feb 27, 2026');
    expect(text).toContain(t.totalOpportunities(1));
    expect(text).toContain(t.totalMinutes(280));
    expect(text).toContain(th.loggedTotal(190));
    expect(text).toContain(t.totalHours('4.7'));
    expect(text).toContain('Education: 150');
    expect(text).toContain('Environment & Sustainability: 90');
    expect(text).toContain('Health and Wellness: 40');
    // Pat has no logged service: no logged total.
    expect(await transcriptText(pat, admin)).not.toContain(th.loggedTotal(0));
  });

  it("moves the points and boards with the admins' rule, and back", async () => {
    const rule = async () =>
      loggedHoursScoringSchema.parse(await get('/api/scoring/logged-hours', admin));
    expect(await rule()).toEqual({ earn_points: false });
    expect((await stack.read('/api/scoring/logged-hours', sue.token)).status).toBe(403);
    const before = [
      [pat.userId, 1, 95],
      [sue.userId, 2, 90],
    ];
    expect(await standings('all', [pat, sue], sue)).toEqual(before);
    expect(await standings('monthly', [pat, sue], sue)).toEqual(before);

    const refused = await stack.command('put', '/api/scoring/logged-hours', sue.token, {
      earn_points: true,
    });
    expect(refused.status).toBe(403);
    const on = await stack.command('put', '/api/scoring/logged-hours', admin.token, {
      earn_points: true,
    });
    expect(on.status, on.text).toBe(200);
    expect(await rule()).toEqual({ earn_points: true });
    expect((await profile(sue, pat)).points).toBe(280);
    expect(await standings('all', [pat, sue], sue)).toEqual([
      [pat.userId, 2, 95],
      [sue.userId, 1, 280],
    ]);
    // March's board counts the March service date's line only (C is February's).
    expect(await standings('monthly', [pat, sue], sue)).toEqual([
      [pat.userId, 2, 95],
      [sue.userId, 1, 240],
    ]);
    expect(lines((await history(sue, sue)).entries)).toEqual([
      ['attendance', park, '2026-03-03', 90, 280, null],
      ['logged_hours', null, '2026-03-01', 150, 190, loggedA()],
      ['logged_hours', null, '2026-02-20', 40, 40, loggedC()],
    ]);
    // The hours do not change with the points: platform hours stay platform hours.
    expect(await profile(sue, pat)).toMatchObject({
      platform_hours: 1.5,
      logged_hours: 3.2,
      hours: 4.7,
    });

    const off = await stack.command('put', '/api/scoring/logged-hours', admin.token, {
      earn_points: false,
    });
    expect(off.status, off.text).toBe(200);
    expect(await rule()).toEqual({ earn_points: false });
    expect((await profile(sue, pat)).points).toBe(90);
    expect(await standings('all', [pat, sue], sue)).toEqual(before);
    expect(await standings('monthly', [pat, sue], sue)).toEqual(before);
    expect(lines((await history(sue, sue)).entries)).toEqual([
      ['attendance', park, '2026-03-03', 90, 90, null],
      ['logged_hours', null, '2026-03-01', 0, 0, loggedA()],
      ['logged_hours', null, '2026-02-20', 0, 0, loggedC()],
    ]);
  });

  it("erasing a student nulls their logs' personal fields; an erased verifier shows as erased people do", async () => {
    stack.clock.set('2026-03-03T19:00:00.000Z');
    const waiting = await f.logHours(sue, green.id, {
      date: '2026-03-02',
      minutes: 20,
      description: 'Sorted donations by size.',
      verifier_name: 'Dan Donor',
      verifier_email: 'dan@donors.example.org',
    });
    const patLog = await f.logHours(pat, harbor.id, { minutes: 35, date: '2026-03-02' });
    await f.decideHours(ivy, patLog, 'approve');
    expect(ids(await pending(host))).toEqual([waiting]);
    const personal = async () =>
      (
        await stack.db.pool.query<Record<string, unknown>>(
          `SELECT id::text, description, verifier_name, verifier_email, photo, reason, erased
             FROM read.service_logs WHERE user_id = $1 ORDER BY logged_at`,
          [sue.userId],
        )
      ).rows;
    // The fields are there before (else the test could not fail).
    expect((await personal())[0]).toEqual({
      id: log.a,
      description: 'Tutored ninth graders in algebra.',
      verifier_name: 'Vera Verifier',
      verifier_email: 'vera@greenclub.example.org',
      photo,
      reason: 'Confirmed with Vera.',
      erased: false,
    });

    expect((await request(stack.queryApp).get(photo)).status).toBe(200);
    for (const erased of [sue, ivy]) {
      const response = await stack.command(
        'post',
        `/api/admin/users/${erased.userId}/erase`,
        admin.token,
      );
      expect(response.status, response.text).toBe(200);
    }
    // `personal` reads the table itself: first a read that waits for the read model to have the
    // erasures (it carries the consistency token of every command sent so far).
    await get('/api/hours/pending', admin);
    expect(await personal()).toEqual(
      [log.a, log.b, log.c, waiting].map((id) => ({
        id,
        description: null,
        verifier_name: null,
        verifier_email: null,
        photo: null,
        reason: null,
        erased: true,
      })),
    );
    // The log's uploaded photo itself is gone.
    expect((await request(stack.queryApp).get(photo)).status).toBe(404);
    // Nobody can decide an erased student's log any more: it leaves the queues.
    expect(await pending(host)).toEqual([]);
    expect(ids(await pending(admin))).toEqual([log.hostOwn]);
    const late = await decide(host, waiting, { decision: 'approve' });
    expect(late.status, late.text).toBe(409);
    // What is not personal stays: the lines, their organizations and verifiers, the hours.
    expect(lines((await history(sue, admin)).entries)).toEqual([
      ['attendance', park, '2026-03-03', 90, 90, null],
      ['logged_hours', null, '2026-03-01', 0, 0, loggedA()],
      ['logged_hours', null, '2026-02-20', 0, 0, loggedC()],
    ]);
    expect(await profile(sue, admin)).toMatchObject({ name: 'Former student', logged_hours: 3.2 });
    const reads = [
      JSON.stringify(await get(`/api/users/${sue.userId}/points-history`, admin)),
      JSON.stringify(await get(`/api/admin/users/${sue.userId}/points-history`, admin)),
      JSON.stringify(await get('/api/hours/pending', admin)),
      await transcriptText(sue, admin),
    ].join('\n');
    for (const needle of [
      'Sue',
      'Tutored ninth graders',
      'Vera Verifier',
      'vera@greenclub.example.org',
      'Confirmed with Vera.',
      'No such shift',
      'Sorted donations',
      'Dan Donor',
      photo,
    ])
      expect(reads, needle).not.toContain(needle);

    // Ivy verified Pat's hours: her name goes as erased people's names go.
    const pats = await mine(pat);
    expect(pats.logs[0]).toMatchObject({ id: patLog, decided_by_name: 'Former student' });
    const patLines = (await history(pat, pat)).entries;
    expect(patLines.find((e) => e.reason === 'logged_hours')?.logged).toEqual({
      log_id: patLog,
      organization_name: 'Harbor Club',
      minutes: 35,
      verified_by_name: 'Former student',
    });
    expect(await transcriptText(pat, pat)).toMatch(/Logged, verified by\s+Former student/);
  });
});
