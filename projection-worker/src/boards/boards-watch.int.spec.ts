import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardKeyPattern,
  createPool,
  individualsBoard,
  organizationsBoard,
  organizationTypeBoard,
  type BoardPeriod,
} from '@campus/infra';
import { LIVE_SCHEMA } from '@campus/read-model';
import {
  attendanceMarked,
  memberJoined,
  opportunityCreated,
  organizationCreated,
  userRegistered,
} from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { withBoardsSnapshot } from './board-lock';
import { expectedBoardKeys } from './board-set';
import { boardsMarkerKey, watchBoards, type BoardsWatch } from './boards-watch';
import { rebuildBoards, scanKeys } from './rebuild-boards';

/**
 * The watchdog rebuilds the boards when Redis lost them all (the marker is gone) and also when it
 * lost a single one while the marker stayed: a key deleted, evicted, or emptied member by member.
 */
describe('boards watchdog: one missing or emptied board is rebuilt', () => {
  let h: ProjectionHarness;
  let watch: BoardsWatch;
  let everyBoard: Awaited<ReturnType<ProjectionHarness['allBoards']>>;

  beforeAll(async () => {
    h = await createProjectionHarness('boards-watch');
    const registered = await Promise.all([0, 1].map(() => userRegistered(h.vault)));
    const [host = '', ann = ''] = registered.map((r) => r.userId);
    const club = organizationCreated({ hostUserId: host, type: 'Sports Team', name: 'Rowing' });
    // Not approved: its member's points put it on no board, so no key of its type may be expected.
    const pending = organizationCreated({
      hostUserId: host,
      type: 'Cultural',
      name: 'Choir',
      approved: false,
    });
    const opportunity = opportunityCreated({ hostUserId: host, date: '2026-03-10' });
    await h.append(
      ...registered,
      club,
      pending,
      opportunity,
      attendanceMarked({
        opportunityId: opportunity.opportunityId,
        markedBy: host,
        opportunityDate: '2026-03-10',
        durationMinutes: 90,
        attended: [ann],
      }),
      memberJoined(club.organizationId, ann),
      memberJoined(pending.organizationId, ann),
    );
    await h.project();
    everyBoard = await h.allBoards();
    // The checks below are driven by hand: the timer's next tick is far away.
    watch = watchBoards({
      pool: h.pool,
      redis: h.redis,
      prefix: h.prefix,
      logger: h.logger,
      intervalMs: 600_000,
    });
    await watch.stop();
  });
  afterAll(async () => {
    await h.close();
  });

  const keyOf = (board: (prefix: string, period: BoardPeriod) => string, period: BoardPeriod) =>
    board(h.prefix, period);

  it('finds every board in place and rebuilds nothing', async () => {
    expect(Object.keys(everyBoard)).toEqual(
      expect.arrayContaining([
        'board:individuals:all',
        'board:individuals:2026-03',
        'board:orgs:all',
        'board:orgs:2026-03',
        'board:orgs:sports-team:all',
        'board:orgs:sports-team:2026-03',
      ]),
    );
    expect(await h.redis.exists(boardsMarkerKey(h.prefix))).toBe(1);
    expect(await watch.check()).toBe(false);
  });

  it('rebuilds a single board key deleted while the marker stayed', async () => {
    const key = keyOf(individualsBoard, '2026-03');
    await h.redis.del(key);
    expect(await h.redis.exists(boardsMarkerKey(h.prefix))).toBe(1);
    expect(await watch.check()).toBe(true);
    expect(await h.allBoards()).toEqual(everyBoard);
    expect(await watch.check()).toBe(false);
  });

  it('rebuilds a board emptied member by member', async () => {
    const key = organizationTypeBoard(h.prefix, 'Sports Team', 'all');
    const members = await h.redis.zrange(key, 0, -1);
    expect(members.length).toBeGreaterThan(0);
    await h.redis.zrem(key, ...members);
    expect(await watch.check()).toBe(true);
    expect(await h.allBoards()).toEqual(everyBoard);
  });

  it('rebuilds several lost boards at once, and the all-time one', async () => {
    await h.redis.del(keyOf(individualsBoard, 'all'), keyOf(organizationsBoard, '2026-03'));
    expect(await watch.check()).toBe(true);
    expect(await h.allBoards()).toEqual(everyBoard);
    expect(await watch.check()).toBe(false);
  });

  it('expects exactly the board keys a rebuild writes', async () => {
    await rebuildBoards(h.pool, h.redis, h.prefix);
    const written = await scanKeys(h.redis, boardKeyPattern(h.prefix));
    const expected = await withBoardsSnapshot(
      h.pool,
      { mode: 'shared', prefix: h.prefix, schema: LIVE_SCHEMA },
      (client) => expectedBoardKeys(client, h.prefix),
    );
    expect(written.length).toBeGreaterThanOrEqual(6);
    expect([...expected].sort()).toEqual([...written].sort());
    expect(expected.some((key) => key.includes('cultural'))).toBe(false);
  });

  it('between full comparisons a check asks Redis alone, and Postgres once a board is gone', async () => {
    // A pool of its own, closed once its first check compared in full: any query through it throws.
    const pool = createPool(h.db.url, { max: 1 });
    const cheap = watchBoards({
      pool,
      redis: h.redis,
      prefix: h.prefix,
      logger: h.logger,
      intervalMs: 600_000,
      fullCheckMs: 600_000,
    });
    await cheap.stop();
    expect(await cheap.check()).toBe(false);
    await pool.end();
    expect(await cheap.check()).toBe(false);
    expect(await cheap.check()).toBe(false);
    await h.redis.del(keyOf(organizationsBoard, 'all'));
    await expect(cheap.check()).rejects.toThrow();
    expect(await watch.check()).toBe(true);
    expect(await h.allBoards()).toEqual(everyBoard);
  });
});
