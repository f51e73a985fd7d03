import {
  currentBoardMonth,
  easternToInstant,
  type LeaderboardAsOf,
  type LeaderboardAsOfQuery,
  type OrganizationType,
} from '@campus/contracts';
import { organizationTypeOfSlug, ValidationError, type Pool } from '@campus/infra';
import { userNameSql } from '../shared/sql';

/** The day after an Eastern calendar date ('YYYY-MM-DD'). */
const nextDay = (date: string): string => {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

type Row = { rank: number; id: string; name: string; points: number; type?: OrganizationType };

/** Each user's points from the ledger lines recorded before `$1`, of month `$2` unless null. */
const POINTS_BY_THEN = `SELECT user_id, sum(points)::int AS points FROM read.point_ledger
   WHERE recorded_at < $1 AND ($2::text IS NULL OR month = $2) GROUP BY user_id`;

/**
 * A leaderboard as it stood at the end of an Eastern day, computed from the point ledger lines
 * recorded by then (a line counts on the monthly board of its opportunity's month, as live) and,
 * for organizations, the memberships of that moment (read.membership_periods). Which organizations
 * are listed, their names and types are today's (approval history is not kept). Ranks as live:
 * competition ranking; the all-time boards list everyone registered by then, monthly ones only
 * those with points.
 */
export const leaderboardAsOf = async (
  pool: Pool,
  query: LeaderboardAsOfQuery,
  launchDate: string,
): Promise<LeaderboardAsOf> => {
  const asOf = easternToInstant(nextDay(query.date), '00:00');
  const window = query.period === 'monthly' ? currentBoardMonth(query.date, launchDate) : null;
  const month = window?.month ?? null;
  let rows: Row[];
  if (query.board === 'individuals') {
    ({ rows } = await pool.query<Row>(
      `WITH pts AS (${POINTS_BY_THEN}),
       board AS (
         SELECT u.id, ${userNameSql('u')} AS name, COALESCE(p.points, 0) AS points
           FROM read.users u LEFT JOIN pts p ON p.user_id = u.id
          WHERE u.registration_date < $1 AND ($2::text IS NULL OR p.points > 0)
       )
       SELECT rank() OVER (ORDER BY points DESC)::int AS rank, id::text, name, points
         FROM board ORDER BY points DESC, name, id LIMIT $3`,
      [asOf, month, query.limit],
    ));
  } else {
    const type = query.board === 'organizations' ? null : organizationTypeOfSlug(query.board);
    if (query.board !== 'organizations' && !type) {
      throw new ValidationError('Unknown board', [{ field: 'board', message: 'Unknown board' }]);
    }
    ({ rows } = await pool.query<Row>(
      `WITH pts AS (${POINTS_BY_THEN}),
       members AS (
         SELECT DISTINCT organization_id, user_id FROM read.membership_periods
          WHERE joined_at < $1 AND (left_at IS NULL OR left_at >= $1)
       ),
       board AS (
         SELECT o.id, o.name, o.type, COALESCE(sum(p.points), 0)::int AS points
           FROM read.organizations o
           LEFT JOIN members m ON m.organization_id = o.id
           LEFT JOIN pts p ON p.user_id = m.user_id
          WHERE o.approved AND NOT o.deleted AND o.created_at < $1
            AND ($4::text IS NULL OR o.type = $4)
          GROUP BY o.id
         HAVING $2::text IS NULL OR COALESCE(sum(p.points), 0) > 0
       )
       SELECT rank() OVER (ORDER BY points DESC)::int AS rank, id::text, name, type, points
         FROM board ORDER BY points DESC, name, id LIMIT $3`,
      [asOf, month, query.limit, type],
    ));
  }
  return {
    date: query.date,
    period: query.period,
    board: query.board,
    month,
    window_start: window?.from ?? null,
    as_of: asOf.toISOString(),
    entries: rows,
  };
};
