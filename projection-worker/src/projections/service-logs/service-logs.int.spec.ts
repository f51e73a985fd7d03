import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualsBoard, organizationsBoard } from '@campus/infra';
import { boardsUnder, capturedLogger, takeBoardsUnder } from '@campus/infra/testing';
import { rebuildBoards } from '../../boards/rebuild-boards';
import { replayProjections } from '../../jobs/replay/replay';
import {
  attendanceMarked,
  loggedHoursScoringChanged,
  memberJoined,
  opportunityCreated,
  organizationCreated,
  sealReason,
  sealServiceLog,
  serviceHoursApproved,
  serviceHoursLogged,
  serviceHoursRejected,
  userErased,
  userRegistered,
  type TestEvent,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { snapshotEveryTable } from '../../testing/read-model-snapshot';

type LogRow = {
  id: string;
  status: string;
  description: string | null;
  verifier_name: string | null;
  verifier_email: string | null;
  photo: string | null;
  reason: string | null;
  erased: boolean;
  decided_by: string | null;
  service_date: string;
  month: string;
  minutes: number;
};

type LedgerRow = {
  user_id: string;
  points: number;
  opportunity_id: string | null;
  service_log_id: string;
  logged_minutes: number;
  actor_user_id: string;
  opportunity_date: string;
  month: string;
};

/**
 * Service hours logged off the platform through the live projector (docs/service-hours.md): the
 * service_logs rows with their personal data opened, the ledger lines of approved logs, the
 * admins' rule re-valuing them with the totals, monthly points, boards and badges following, and
 * an erased student's logs.
 */
describe('service hours: service logs, logged hours points, boards and badges (live path)', () => {
  let h: ProjectionHarness;
  const ids = { ann: '', ben: '', cy: '', host: '', admin: '', pantry: '' };
  const logs: Record<'ann' | 'ben' | 'cy', TestEvent & { logId: string }> = {} as never;
  /** The projector's log lines, checked for personal data at the end. */
  const log = capturedLogger();

  const logRow = async (logId: string) =>
    (
      await h.pool.query<LogRow>(
        `SELECT id::text, status, description, verifier_name, verifier_email, photo, reason,
                erased, decided_by::text, to_char(service_date, 'YYYY-MM-DD') AS service_date,
                month, minutes
           FROM read.service_logs WHERE id = $1`,
        [logId],
      )
    ).rows[0];
  const loggedLines = async () =>
    (
      await h.pool.query<LedgerRow>(
        `SELECT user_id::text, points, opportunity_id::text, service_log_id::text, logged_minutes,
                actor_user_id::text, to_char(opportunity_date, 'YYYY-MM-DD') AS opportunity_date,
                month
           FROM read.point_ledger WHERE reason = 'logged_hours' ORDER BY id`,
      )
    ).rows;
  const pointsOf = async (userId: string) =>
    (
      await h.pool.query<{ points: number }>('SELECT points FROM read.users WHERE id = $1', [
        userId,
      ])
    ).rows[0]?.points;
  const monthly = async (userId: string) =>
    (
      await h.pool.query<{ month: string; points: number }>(
        'SELECT month, points FROM read.monthly_points WHERE user_id = $1 ORDER BY month',
        [userId],
      )
    ).rows.map((r) => [r.month, r.points]);
  const badgesOf = async (userId: string) =>
    (
      await h.pool.query<{ badges: string[] }>(
        'SELECT badges FROM read.user_badges WHERE user_id = $1',
        [userId],
      )
    ).rows[0]?.badges ?? [];
  const scoreOn = async (key: string, member: string) => {
    const score = await h.redis.zscore(key, member);
    return score === null ? null : Number(score);
  };
  /** The boards equal a rebuild from Postgres under a scratch prefix. */
  const expectBoardsFromPostgres = async () => {
    const scratch = `${h.prefix}check:`;
    await rebuildBoards(h.pool, h.redis, scratch);
    expect(await boardsUnder(h.redis, h.prefix)).toEqual(await takeBoardsUnder(h.redis, scratch));
  };
  const project = () => h.project({ batchSize: 3, logger: log.logger });

  beforeAll(async () => {
    h = await createProjectionHarness('service-logs');
    const people = await Promise.all(
      ['Ann', 'Ben', 'Cy', 'Hana', 'Abe'].map((firstName) =>
        userRegistered(h.vault, { firstName, lastName: 'Server' }),
      ),
    );
    [ids.ann = '', ids.ben = '', ids.cy = '', ids.host = '', ids.admin = ''] = people.map(
      (p) => p.userId,
    );
    const pantry = organizationCreated({ hostUserId: ids.host, name: 'Pantry' });
    ids.pantry = pantry.organizationId;
    const opportunity = opportunityCreated({ hostUserId: ids.host, date: '2026-03-05' });
    logs.ann = serviceHoursLogged({
      userId: ids.ann,
      organizationId: ids.pantry,
      date: '2026-02-20',
      minutes: 120,
      personal: await sealServiceLog(h.vault, ids.ann, {
        description: 'Sorted cans',
        verifierName: 'Vera Pantry',
        verifierEmail: 'vera@pantry.example.org',
        photo: '/files/cans.png',
      }),
    });
    logs.ben = serviceHoursLogged({
      userId: ids.ben,
      outsideOrganization: 'Town Shelter',
      date: '2026-03-10',
      minutes: 45,
      personal: await sealServiceLog(h.vault, ids.ben, { description: 'Night shift' }),
    });
    logs.cy = serviceHoursLogged({
      userId: ids.cy,
      outsideOrganization: 'Town Shelter',
      date: '2026-03-11',
      minutes: 60,
      personal: await sealServiceLog(h.vault, ids.cy),
    });
    await h.append(
      ...people,
      pantry,
      memberJoined(ids.pantry, ids.ann),
      opportunity,
      attendanceMarked({
        opportunityId: opportunity.opportunityId,
        markedBy: ids.host,
        opportunityDate: '2026-03-05',
        durationMinutes: 30,
        attended: [ids.ann],
      }),
      logs.ann,
      logs.ben,
      logs.cy,
      serviceHoursApproved(logs.ann, {
        verifiedBy: ids.host,
        reason: await sealReason(h.vault, ids.ann, 'Great work'),
        at: '2026-03-01T12:00:00.000Z',
      }),
      serviceHoursRejected(logs.ben, {
        verifiedBy: ids.admin,
        reason: await sealReason(h.vault, ids.ben, 'Nobody answered at the shelter'),
      }),
    );
    await project();
  });
  afterAll(async () => {
    await h.close();
  });

  it('holds each log with its status, decision and opened personal fields', async () => {
    expect(await logRow(logs.ann.logId)).toMatchObject({
      status: 'approved',
      description: 'Sorted cans',
      verifier_name: 'Vera Pantry',
      verifier_email: 'vera@pantry.example.org',
      photo: '/files/cans.png',
      reason: 'Great work',
      decided_by: ids.host,
      service_date: '2026-02-20',
      month: '2026-02',
      minutes: 120,
      erased: false,
    });
    expect(await logRow(logs.ben.logId)).toMatchObject({
      status: 'rejected',
      description: 'Night shift',
      reason: 'Nobody answered at the shelter',
      decided_by: ids.admin,
    });
    expect(await logRow(logs.cy.logId)).toMatchObject({
      status: 'pending',
      description: 'Sorted donations at the food bank',
      reason: null,
      decided_by: null,
    });
  });

  it('writes an approved log as a ledger line worth nothing while the rule is off', async () => {
    expect(await loggedLines()).toEqual([
      {
        user_id: ids.ann,
        points: 0,
        opportunity_id: null,
        service_log_id: logs.ann.logId,
        logged_minutes: 120,
        actor_user_id: ids.host,
        opportunity_date: '2026-02-20',
        month: '2026-02',
      },
    ]);
    expect(await pointsOf(ids.ann)).toBe(30);
    expect(await scoreOn(individualsBoard(h.prefix, 'all'), ids.ann)).toBe(30);
    expect(await scoreOn(individualsBoard(h.prefix, '2026-02'), ids.ann)).toBeNull();
    expect(await badgesOf(ids.ann)).toContain('point-novice');
    expect(await badgesOf(ids.ann)).not.toContain('point-adept');
  });

  it('turning the rule on re-values earlier lines: totals, monthly points, boards and badges follow', async () => {
    await h.append(loggedHoursScoringChanged(true, ids.admin));
    await project();
    expect((await loggedLines()).map((l) => l.points)).toEqual([120]);
    expect(await pointsOf(ids.ann)).toBe(150);
    expect(await monthly(ids.ann)).toEqual([
      ['2026-02', 120],
      ['2026-03', 30],
    ]);
    expect(await scoreOn(individualsBoard(h.prefix, 'all'), ids.ann)).toBe(150);
    expect(await scoreOn(individualsBoard(h.prefix, '2026-02'), ids.ann)).toBe(120);
    expect(await scoreOn(organizationsBoard(h.prefix, 'all'), ids.pantry)).toBe(150);
    expect(await scoreOn(organizationsBoard(h.prefix, '2026-02'), ids.pantry)).toBe(120);
    expect(await badgesOf(ids.ann)).toEqual(
      expect.arrayContaining(['point-novice', 'point-adept', 'point-master']),
    );
    const { rows } = await h.pool.query('SELECT * FROM read.scoring_rules');
    expect(rows).toEqual([{ id: true, logged_hours_earn_points: true }]);
    await expectBoardsFromPostgres();
  });

  it('an approval while the rule is on earns its minutes at once', async () => {
    await h.append(serviceHoursApproved(logs.cy, { verifiedBy: ids.admin }));
    await project();
    expect(await pointsOf(ids.cy)).toBe(60);
    expect(await scoreOn(individualsBoard(h.prefix, '2026-03'), ids.cy)).toBe(60);
    expect(await badgesOf(ids.cy)).toEqual(expect.arrayContaining(['point-adept']));
    await expectBoardsFromPostgres();
  });

  it('turning the rule off takes the points back from every logged line, in one batch with other events too', async () => {
    const late = serviceHoursLogged({ userId: ids.ben, date: '2026-03-12', minutes: 15 });
    await h.append(
      late,
      loggedHoursScoringChanged(false, ids.admin),
      serviceHoursApproved(late, { verifiedBy: ids.admin }),
    );
    await h.project({ batchSize: 50, logger: log.logger });
    expect((await loggedLines()).map((l) => [l.user_id, l.points])).toEqual([
      [ids.ann, 0],
      [ids.cy, 0],
      [ids.ben, 0],
    ]);
    expect(await pointsOf(ids.ann)).toBe(30);
    expect(await pointsOf(ids.cy)).toBe(0);
    expect(await monthly(ids.ann)).toEqual([
      ['2026-02', 0],
      ['2026-03', 30],
    ]);
    expect(await scoreOn(individualsBoard(h.prefix, '2026-02'), ids.ann)).toBeNull();
    expect(await scoreOn(individualsBoard(h.prefix, '2026-03'), ids.cy)).toBeNull();
    expect(await scoreOn(organizationsBoard(h.prefix, '2026-02'), ids.pantry)).toBeNull();
    expect(await badgesOf(ids.ann)).not.toContain('point-adept');
    expect(await badgesOf(ids.cy)).toEqual([]);
    await expectBoardsFromPostgres();
  });

  it('skips a decision on a log it never held, with no dead letter', async () => {
    const never = serviceHoursLogged({ userId: ids.cy, outsideOrganization: 'Ghost Club' });
    await h.append(serviceHoursApproved(never, { verifiedBy: ids.admin }));
    await project();
    expect(await logRow(never.logId)).toBeUndefined();
    expect(log.lines.some((l) => l.includes('decision on an unknown service log skipped'))).toBe(
      true,
    );
  });

  it("erasing a student drops their logs' personal fields for good, and leaves the others' and the points", async () => {
    await h.vault.erase(ids.ann);
    await h.append(userErased(ids.ann));
    await project();
    expect(await logRow(logs.ann.logId)).toMatchObject({
      status: 'approved',
      description: null,
      verifier_name: null,
      verifier_email: null,
      photo: null,
      reason: null,
      erased: true,
    });
    expect(await logRow(logs.ben.logId)).toMatchObject({
      description: 'Night shift',
      erased: false,
    });
    expect(await pointsOf(ids.ann)).toBe(30);
    // A replay opens nothing of hers (her key is gone) and lands on the same rows and boards.
    const rows = await snapshotEveryTable(h.pool);
    const boards = await boardsUnder(h.redis, h.prefix);
    await replayProjections({ ...h.workerDeps, requested: 'all' });
    expect(await snapshotEveryTable(h.pool)).toEqual(rows);
    expect(await boardsUnder(h.redis, h.prefix)).toEqual(boards);
    expect(rows['service_logs']?.some((r) => r.includes('Sorted cans'))).toBe(false);
  });

  it('never logs the personal data it projects', () => {
    const personal = ['Sorted cans', 'Vera Pantry', 'Night shift', 'Great work', 'Town Shelter'];
    expect(log.lines.length).toBeGreaterThan(0);
    for (const line of log.lines) for (const text of personal) expect(line).not.toContain(text);
  });
});
