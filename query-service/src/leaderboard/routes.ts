import { Router } from 'express';
import {
  currentBoardMonth,
  easternToday,
  routes,
  windowStartOf,
  type FriendshipStatus,
  type Leaderboard,
  type LeaderboardEntry,
  type MonthlyPoints,
  type OrganizationType,
} from '@campus/contracts';
import { requireCaller, ValidationError } from '@campus/infra';
import { mountQuery, queryOf, type QueryDeps } from '../http/context';
import { friendshipJoinSql, userImageSql, userNameSql } from '../shared/sql';
import {
  ALL_TIME,
  boardKey,
  individualsBoard,
  isBoardMonth,
  organizationTypeOfSlug,
  rankOnBoard,
  readBoard,
  scoreOnBoard,
  type BoardPeriod,
  type BoardScope,
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

/** Leaderboards from the Redis sorted sets; names and relations from the read model. */
export const leaderboardQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool, redis, boardPrefix, config } = deps;

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

    const [board, myRank, myScore] = await Promise.all([
      readBoard(redis, boardKey(boardPrefix, scope, period), { limit: query.limit }),
      rankOnBoard(redis, individualsBoard(boardPrefix, period), caller.userId),
      scoreOnBoard(redis, individualsBoard(boardPrefix, period), caller.userId),
    ]);
    const ids = board.map((e) => e.member);

    let entries: LeaderboardEntry[];
    if (scope.kind === 'individuals') {
      const { rows } = await pool.query<{
        id: string;
        name: string;
        profile_image: string | null;
        friendship_id: string | null;
        status: FriendshipStatus | null;
      }>(
        `SELECT u.id::text, ${userNameSql('u')} AS name, ${userImageSql('u')} AS profile_image,
                fr.friendship_id, fr.status
           FROM read.users u ${friendshipJoinSql('$1', 'u.id')}
          WHERE u.id = ANY($2::uuid[])`,
        [caller.userId, ids],
      );
      const users = new Map(rows.map((r) => [r.id, r]));
      entries = board.map(({ member, score, rank }) => {
        const user = users.get(member);
        const self = member === caller.userId;
        return {
          rank,
          id: member,
          name: user?.name ?? 'Unknown User',
          profile_image: user?.profile_image ?? null,
          points: Math.round(score),
          friendship_status: self ? null : (user?.status ?? 'add'),
          friendship_id: self ? null : (user?.friendship_id ?? null),
        };
      });
    } else {
      const { rows } = await pool.query<{
        id: string;
        name: string;
        type: OrganizationType;
        is_host: boolean;
        is_member: boolean;
      }>(
        `SELECT o.id::text, o.name, o.type, o.host_user_id = $1::uuid AS is_host,
                EXISTS (SELECT 1 FROM read.memberships m
                         WHERE m.organization_id = o.id AND m.user_id = $1::uuid) AS is_member
           FROM read.organizations o WHERE o.id = ANY($2::uuid[])`,
        [caller.userId, ids],
      );
      const organizations = new Map(rows.map((r) => [r.id, r]));
      entries = board.map(({ member, score, rank }) => {
        const org = organizations.get(member);
        return {
          rank,
          id: member,
          name: org?.name ?? 'Unknown Organization',
          profile_image: null,
          points: Math.round(score),
          ...(org ? { type: org.type } : {}),
          is_member: org?.is_member ?? false,
          is_host: org?.is_host ?? false,
        };
      });
    }

    const body: Leaderboard = {
      period: query.period,
      board: query.board,
      month: window?.month ?? null,
      window_start: window?.from ?? null,
      entries,
      me: { rank: myRank, points: Math.round(myScore ?? 0) },
    };
    res.json(body);
  });

  mountQuery(router, routes.getMonthlyPoints, deps, async (req, res) => {
    const { date } = queryOf(routes.getMonthlyPoints, req);
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
    res.json(rows);
  });

  return router;
};
