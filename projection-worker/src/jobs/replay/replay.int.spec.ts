import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardKeyPattern,
  ConflictError,
  individualsBoard,
  organizationsBoard,
} from '@campus/infra';
import { runProjectionsUntilAborted } from '../../projector/run-projections';
import { allProjections } from '../../projections';
import { attendanceMarked, opportunityCreated, userRegistered } from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { seedHistory, type SeededHistory } from '../../testing/history';
import { snapshotEveryTable } from '../../testing/read-model-snapshot';
import { replayProjections, shadowKeyPrefix, type ReplayProgress } from './replay';
import { replaySetOf } from './replay-plan';

describe('replay: rebuilt in a shadow schema and swapped in while the live model serves', () => {
  let h: ProjectionHarness;
  let seeded: SeededHistory;
  const names = allProjections.map((p) => p.name);

  const replay = (requested: string, onProgress?: (p: ReplayProgress) => Promise<void>) =>
    replayProjections({
      store: h.store,
      pool: h.pool,
      vault: h.vault,
      logger: h.logger,
      redis: h.redis,
      keyPrefix: h.prefix,
      requested,
      batchSize: 4,
      ...(onProgress ? { onProgress } : {}),
    });

  const schemas = async () =>
    (
      await h.pool.query<{ nspname: string }>(
        "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'read%' ORDER BY 1",
      )
    ).rows.map((r) => r.nspname);

  const shadowBoards = async () => {
    const [, keys] = await h.redis.scan(
      '0',
      'MATCH',
      boardKeyPattern(shadowKeyPrefix(h.prefix)),
      'COUNT',
      1000,
    );
    return keys;
  };

  beforeAll(async () => {
    h = await createProjectionHarness('replay');
    seeded = await seedHistory(h);
    await h.project({ batchSize: 3 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('rebuilds every table row for row and every board entry for entry', async () => {
    const rows = await snapshotEveryTable(h.pool);
    const boards = await h.allBoards();
    expect(rows['point_ledger']).toHaveLength(5);
    expect(rows['membership_periods']).toHaveLength(4);
    expect(Object.keys(boards).length).toBeGreaterThan(8);

    const phases: string[] = [];
    const result = await replay('all', (p) => {
      if (phases.at(-1) !== p.phase) phases.push(p.phase);
      return Promise.resolve();
    });

    expect(await snapshotEveryTable(h.pool)).toEqual(rows);
    expect(await h.allBoards()).toEqual(boards);
    expect(result.projections).toEqual(names);
    expect(result.events).toBeGreaterThan(20);
    expect(phases).toEqual(['preparing', 'replaying', 'boards', 'catching-up', 'swapping', 'done']);
    expect(await schemas()).toEqual(['read']);
    expect(await shadowBoards()).toEqual([]);
  });

  it('keeps the live model answering during the replay and hands over to the live projector', async () => {
    const worker = new AbortController();
    const logged: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(line) });
    const running = runProjectionsUntilAborted({
      store: h.store,
      pool: h.pool,
      vault: h.vault,
      logger,
      projections: allProjections,
      redis: h.redis,
      keyPrefix: h.prefix,
      signal: worker.signal,
    });
    const newcomer = await userRegistered(h.vault, { firstName: 'Newt' });
    const late = opportunityCreated({ hostUserId: seeded.hal, date: '2026-04-20' });
    const ledgerCounts = new Set<number>();
    const adaScores = new Set<string | null>();
    let appended = false;
    const whileLocked = await userRegistered(h.vault, { firstName: 'Locked' });

    await replay('all', async ({ phase }) => {
      if (phase === 'catching-up' && !logged.some((l) => l.includes(whileLocked.userId))) {
        // The live projector now waits between batches; this event reaches it after the swap.
        await h.append(whileLocked);
        logged.push(whileLocked.userId);
      }
      if (phase !== 'replaying' && phase !== 'boards') return;
      // The live tables and boards stay whole while the shadow fills (the live projector may add
      // the attendance appended below).
      const { rows } = await h.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM read.point_ledger',
      );
      ledgerCounts.add(rows[0]?.n ?? -1);
      adaScores.add(await h.redis.zscore(individualsBoard(h.prefix, 'all'), seeded.ada));
      if (appended) return;
      appended = true;
      await h.append(
        newcomer,
        late,
        attendanceMarked({
          opportunityId: late.opportunityId,
          markedBy: seeded.hal,
          opportunityDate: '2026-04-20',
          durationMinutes: 45,
          attended: [newcomer.userId, seeded.ada],
          at: '2026-04-20T18:00:00.000Z',
        }),
      );
    });
    expect([...ledgerCounts].every((n) => n === 5 || n === 7)).toBe(true);
    expect([...adaScores].every((s) => s === '95' || s === '140')).toBe(true);

    // An event after the swap reaches the swapped-in model through the live projector.
    const afterwards = await userRegistered(h.vault, { firstName: 'Afterward' });
    await h.append(afterwards);
    await expect
      .poll(async () => h.redis.zscore(individualsBoard(h.prefix, 'all'), afterwards.userId), {
        timeout: 10_000,
      })
      .toBe('0');
    worker.abort();
    await running;
    expect(logged.some((l) => l.includes('read model swapped in by a replay'))).toBe(true);
    expect(await h.redis.zscore(individualsBoard(h.prefix, 'all'), whileLocked.userId)).toBe('0');
    expect(await h.redis.zscore(individualsBoard(h.prefix, 'all'), seeded.ada)).toBe('140');
    expect(await h.redis.zscore(individualsBoard(h.prefix, 'all'), newcomer.userId)).toBe('45');

    // Nothing was applied twice or missed across the swap: a fresh replay finds the same model.
    const rows = await snapshotEveryTable(h.pool);
    const boards = await h.allBoards();
    await replay('all');
    expect(await snapshotEveryTable(h.pool)).toEqual(rows);
    expect(await h.allBoards()).toEqual(boards);
  });

  it('rebuilds one projection with the ones sharing its tables and keeps the others', async () => {
    expect(replaySetOf('organizations', allProjections).map((p) => p.name)).toEqual([
      'organizations',
    ]);
    expect(replaySetOf('friendships', allProjections).map((p) => p.name)).toEqual([
      'users',
      'opportunities',
      'friendships',
      'points',
      'badges',
    ]);
    expect(() => replaySetOf('nope', allProjections)).toThrow(/Unknown projection/);

    await h.pool.query('UPDATE read.organizations SET description = $1 WHERE id = $2', [
      'drifted',
      seeded.rowing,
    ]);
    await h.pool.query('UPDATE read.users SET bio = $1 WHERE id = $2', ['kept', seeded.ben]);
    const result = await replay('organizations');
    expect(result.projections).toEqual(['organizations']);
    const { rows } = await h.pool.query<{ description: string }>(
      'SELECT description FROM read.organizations WHERE id = $1',
      [seeded.rowing],
    );
    expect(rows[0]?.description).toBe('We help.');
    const { rows: users } = await h.pool.query<{ bio: string }>(
      'SELECT bio FROM read.users WHERE id = $1',
      [seeded.ben],
    );
    expect(users[0]?.bio).toBe('kept');
    expect(await h.board(organizationsBoard(h.prefix, '2026-04'))).toEqual(
      expect.arrayContaining([[seeded.dance, expect.any(Number)]]),
    );
  });

  it('refuses a second replay while one runs', async () => {
    const results = await Promise.allSettled([replay('organizations'), replay('organizations')]);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
  });
});
