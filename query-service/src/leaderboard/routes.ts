import { Router } from 'express';
import {
  currentBoardMonth,
  easternToday,
  routes,
  windowStartOf,
  type Leaderboard,
  type LeaderboardEntry,
  type MonthlyPoints,
  UNKNOWN_RANK,
  type OrganizationType,
} from '@campus/contracts';
import { requireCaller, ValidationError, type Caller } from '@campus/infra';
import { mountQuery, queryOf, type QueryDeps } from '../http/context';
import { readAfterOf } from '../consistency/read-your-writes';
import {
  pairKey,
  relationsFromFriendships,
  type FriendshipRow,
  type FriendshipsOfTop,
  type Relations,
} from './friendships-of-top';
import { createResponseCache, createSharedAnswerCache } from '../shared/response-cache';
import { personVisibility, projectPerson } from '../shared/person-visibility';
import { prepared, userImageSql, userNameSql } from '../shared/sql';
import {
  ALL_TIME,
  boardKey,
  boardsStateKeys,
  individualsBoard,
  isBoardMonth,
  isRedisUnavailableError,
  LeaderboardsUnavailableError,
  organizationTypeOfSlug,
  rankFromHigherCount,
  readBoard,
  withRedisDeadline,
  type BoardPeriod,
  type BoardScope,
  type RedisClient,
} from '@campus/infra';

const scopeOf = (board: string): BoardScope => {
  if (board === 'individuals') return { kind: 'individuals' };
  if (board === 'organizations') return { kind: 'orgs' };
  const type = organizationTypeOfSlug(board);
  if (!type)
    throw new ValidationError('Unknown board', [{ field: 'board', message: 'Unknown board' }]);
  return { kind: 'orgs-of-type', type };
};

/** The Redis board of a period: 'all', or an Eastern month 'YYYY-MM'. */
const periodOf = (month: string | null): BoardPeriod =>
  month !== null && isBoardMonth(month) ? month : ALL_TIME;

/**
 * The caller's score and competition rank (1 + the strictly higher scores) in one round trip;
 * null when they are not on the board; -1 while the boards are being rebuilt (KEYS[2] is set).
 */
const CALLER_STANDING = `if redis.call('EXISTS', KEYS[2]) == 1 then return -1 end
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then return false end
return {score, redis.call('ZCOUNT', KEYS[1], '(' .. score, '+inf')}`;

const standingOf = async (
  redis: RedisClient,
  prefix: string,
  key: string,
  member: string,
): Promise<Leaderboard['me']> => {
  const rebuilding = boardsStateKeys(prefix).rebuilding;
  const answer = (await redis.eval(CALLER_STANDING, 2, key, rebuilding, member)) as
    [string, number] | -1 | null;
  if (answer === -1) throw new LeaderboardsUnavailableError('rebuilding');
  if (!answer) return { rank: UNKNOWN_RANK, points: 0 };
  return { rank: rankFromHigherCount(answer[1]), points: Math.round(Number(answer[0])) };
};

/**
 * A Redis call of a leaderboard read, given up after the command timeout at the latest: Redis
 * away, frozen or too slow becomes LeaderboardsUnavailableError (503 with Retry-After), never a
 * 500 or a hang. Leaderboards are never served from older boards instead: nothing in the answer
 * could tell the caller they are old.
 */
const fromBoards = async <T>(redis: RedisClient, work: Promise<T>): Promise<T> => {
  try {
    return await withRedisDeadline(redis, work);
  } catch (error) {
    if (error instanceof LeaderboardsUnavailableError || !isRedisUnavailableError(error))
      throw error;
    throw new LeaderboardsUnavailableError('unavailable');
  }
};

/** A board's first entries with what every caller sees of them (names, images, org types). */
type TopEntry = {
  readonly rank: number;
  readonly id: string;
  readonly points: number;
  readonly name: string | null;
  readonly profile_image: string | null;
  readonly type?: OrganizationType;
  readonly host_user_id?: string;
};

/** A signed-in caller related to nobody: no user id matches it and it is no admin. */
const ANY_SIGNED_IN: Caller = { userId: '', admin: false };
const peopleJson = new WeakMap<readonly TopEntry[], string[]>();

/**
 * Each entry of an individuals board's top as JSON without its closing brace, computed once per
 * top: the caller's friendship fields are appended per request. The person is projected as any
 * signed-in caller who is neither them nor an admin sees them (the public fields, all an entry
 * carries), so the shared text never holds more than the least of those callers may read.
 */
const personJsonOf = (top: readonly TopEntry[]): string[] => {
  let people = peopleJson.get(top);
  if (!people) {
    people = top.map((e) =>
      JSON.stringify(
        projectPerson(
          {
            rank: e.rank,
            id: e.id,
            name: e.name ?? 'Unknown User',
            profile_image: e.profile_image,
            points: e.points,
          },
          personVisibility(ANY_SIGNED_IN, e.id),
        ),
      ).slice(0, -1),
    );
    peopleJson.set(top, people);
  }
  return people;
};

/** Leaderboards from the Redis sorted sets; names and relations from the read model. */
export const leaderboardQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool, redis, boardPrefix, config } = deps;
  /**
   * The top of a board is the same for every caller at one read model position (the boards are
   * written before the position moves on, except while Redis is away and they are owed); the
   * caller's relations to it only change with an event too. Both are kept per position (and a
   * second at most), so a request only asks Redis for the caller's rank.
   */
  const tops = createSharedAnswerCache<TopEntry[]>({ ttlMs: 1_000, maxEntries: 256 });
  const relations = createResponseCache<Relations>({ ttlMs: 1_000, maxEntries: 10_000 });
  /**
   * Every pending or accepted friendship of the people on a board's top, shared by all callers
   * (kept as the top is): a caller's friendship statuses are looked up in it instead of a
   * statement per caller.
   */
  const topFriendships = createSharedAnswerCache<FriendshipsOfTop>({
    ttlMs: 1_000,
    maxEntries: 256,
  });

  const readFriendshipsOfTop = async (ids: readonly string[]): Promise<FriendshipsOfTop> => {
    const { rows } = await pool.query<{
      requester_id: string;
      recipient_id: string;
      friendship_id: string;
      friends: boolean;
    }>(
      prepared(
        `SELECT f.requester_id::text, f.recipient_id::text, f.friendship_id,
              f.status = 'friends' AS friends
         FROM read.friendships f WHERE f.requester_id = ANY($1::uuid[])
       UNION
       SELECT f.requester_id::text, f.recipient_id::text, f.friendship_id,
              f.status = 'friends' AS friends
         FROM read.friendships f WHERE f.recipient_id = ANY($1::uuid[])`,
        [ids],
      ),
    );
    const pairs = new Map<string, FriendshipRow>();
    for (const r of rows) {
      // One row per pair, as friendshipJoinSql reads it.
      const key = pairKey(r.requester_id, r.recipient_id);
      if (!pairs.has(key)) pairs.set(key, r);
    }
    return pairs;
  };

  const readTop = async (scope: BoardScope, key: string, limit: number): Promise<TopEntry[]> => {
    const board = await fromBoards(redis, readBoard(redis, key, { limit }));
    const ids = board.map((e) => e.member);
    if (scope.kind === 'individuals') {
      const { rows } = await pool.query<{ id: string; name: string; profile_image: string | null }>(
        prepared(
          `SELECT u.id::text, ${userNameSql('u')} AS name, ${userImageSql('u')} AS profile_image
             FROM read.users u WHERE u.id = ANY($1::uuid[])`,
          [ids],
        ),
      );
      const users = new Map(rows.map((r) => [r.id, r]));
      return board.map(({ member, score, rank }) => ({
        rank,
        id: member,
        points: Math.round(score),
        name: users.get(member)?.name ?? null,
        profile_image: users.get(member)?.profile_image ?? null,
      }));
    }
    const { rows } = await pool.query<{
      id: string;
      name: string;
      type: OrganizationType;
      host_user_id: string;
    }>(
      prepared(
        `SELECT o.id::text, o.name, o.type, o.host_user_id::text
           FROM read.organizations o WHERE o.id = ANY($1::uuid[])`,
        [ids],
      ),
    );
    const organizations = new Map(rows.map((r) => [r.id, r]));
    return board.map(({ member, score, rank }) => {
      const org = organizations.get(member);
      return {
        rank,
        id: member,
        points: Math.round(score),
        name: org?.name ?? null,
        profile_image: null,
        ...(org ? { type: org.type, host_user_id: org.host_user_id } : {}),
      };
    });
  };

  /** The caller's memberships of the organizations on an organizations board. */
  const readRelations = async (caller: Caller, ids: readonly string[]): Promise<Relations> => {
    const { rows } = await pool.query<{ id: string }>(
      prepared(
        `SELECT m.organization_id::text AS id FROM read.memberships m
        WHERE m.user_id = $1::uuid AND m.organization_id = ANY($2::uuid[])`,
        [caller.userId, ids],
      ),
    );
    return new Map(rows.map((r) => [r.id, true as const]));
  };

  mountQuery(router, routes.getLeaderboard, deps, async (req, res) => {
    const query = queryOf(routes.getLeaderboard, req);
    const caller = requireCaller(req);
    const scope = scopeOf(query.board);
    const window =
      query.period === 'all'
        ? null
        : query.month
          ? { month: query.month, from: windowStartOf(query.month, config.LAUNCH_DATE) }
          : currentBoardMonth(easternToday(deps.clock.now()), config.LAUNCH_DATE);
    const period = periodOf(window?.month ?? null);
    const key = boardKey(boardPrefix, scope, period);
    const visible = deps.tracker.current();
    const readAfter = readAfterOf(res);
    const at = visible ? `${String(visible.txn)}:${String(visible.seq)}` : null;
    const topKey = JSON.stringify([key, query.limit]);

    let me: Leaderboard['me'];
    let top: TopEntry[];
    try {
      [me, top] = await Promise.all([
        fromBoards(
          redis,
          standingOf(redis, boardPrefix, individualsBoard(boardPrefix, period), caller.userId),
        ),
        tops.get(topKey, visible, readAfter, () => readTop(scope, key, query.limit)),
      ]);
    } catch (error) {
      if (error instanceof LeaderboardsUnavailableError)
        res.set('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    const ids = top.map((e) => e.id);
    const related =
      scope.kind === 'individuals'
        ? relationsFromFriendships(
            await topFriendships.get(JSON.stringify([topKey, ids]), visible, readAfter, () =>
              readFriendshipsOfTop(ids),
            ),
            caller,
            ids,
          )
        : await relations.get(at && JSON.stringify([key, query.limit, at, caller.userId]), () =>
            readRelations(caller, ids),
          );

    const head = {
      period: query.period,
      board: query.board,
      month: window?.month ?? null,
      window_start: window?.from ?? null,
    };
    if (scope.kind === 'individuals') {
      // Every entry's person is the same for every signed-in caller; only the caller's own
      // friendship with each differs: spliced into the entries' JSON, kept with the top.
      const people = personJsonOf(top);
      const entries = top.map((e, i) => {
        const relation = related.get(e.id);
        const friendship = relation === true ? undefined : relation;
        const self = e.id === caller.userId;
        return `${people[i] ?? ''},"friendship_status":${JSON.stringify(self ? null : (friendship?.status ?? 'add'))},"friendship_id":${JSON.stringify(self ? null : (friendship?.friendship_id ?? null))}}`;
      });
      const headJson = JSON.stringify(head);
      res
        .type('json')
        .send(
          `${headJson.slice(0, -1)},"entries":[${entries.join(',')}],"me":${JSON.stringify(me)}}`,
        );
      return;
    }

    const entries: LeaderboardEntry[] = top.map((e) => {
      const relation = related.get(e.id);
      return {
        rank: e.rank,
        id: e.id,
        name: e.name ?? 'Unknown Organization',
        profile_image: null,
        points: e.points,
        ...(e.type ? { type: e.type } : {}),
        is_member: relation === true,
        is_host: e.host_user_id === caller.userId,
      };
    });

    const body: Leaderboard = { ...head, entries, me };
    res.json(body);
  });

  mountQuery(router, routes.getMonthlyPoints, deps, async (req, res) => {
    const { date } = queryOf(routes.getMonthlyPoints, req);
    const caller = requireCaller(req);
    // Points count from the launch date on (its configuration value), to today in Eastern time.
    const from = date < config.LAUNCH_DATE ? config.LAUNCH_DATE : date;
    const { rows } = await pool.query<MonthlyPoints[number]>(
      `SELECT user_id::text AS id, sum(points)::integer AS points
         FROM read.point_ledger
        WHERE opportunity_date >= $1::date AND opportunity_date <= $2::date
        GROUP BY user_id HAVING sum(points) > 0
        ORDER BY points DESC, id`,
      [from, easternToday(deps.clock.now())],
    );
    const body: MonthlyPoints = rows.map((r) => projectPerson(r, personVisibility(caller, r.id)));
    res.json(body);
  });

  return router;
};
