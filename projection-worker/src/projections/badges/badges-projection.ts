import { scoringWith, type ScoringParameters } from '@campus/contracts';
import type { PoolClient } from '@campus/infra';
import type { ProjectedEvent, Projection } from '../../projector/projection';
import { asJson } from '../shared';
import { ECO_CAUSE, evaluateBadges, HUNGER_CAUSE } from './badge-rules';

type Thresholds = ScoringParameters['badgeThresholds'];

type FactsRow = {
  id: string;
  points: number;
  signups: number;
  friends: number;
  eco: number;
  hunger: number;
};

/**
 * Users whose badge facts an event may change, whether anyone's points moved, and whether the
 * logged hours rule changed (every user with a logged hours line then has new points).
 */
const touchedBy = (events: readonly ProjectedEvent[]) => {
  const users = new Set<string>();
  const recausedOpportunities = new Set<string>();
  let pointsMoved = false;
  let loggedHoursRule = false;
  for (const { event } of events) {
    switch (event.type) {
      case 'UserRegistered':
      case 'UserSignedUp':
      case 'UserUnregistered':
        users.add(event.data.userId);
        break;
      case 'AttendanceMarked':
        pointsMoved = true;
        for (const id of [...event.data.attendedUserIds, ...event.data.absentUserIds])
          users.add(id);
        if (event.data.firstSignupBonus) users.add(event.data.firstSignupBonus.userId);
        break;
      case 'ServiceHoursApproved':
        pointsMoved = true;
        users.add(event.data.userId);
        break;
      case 'LoggedHoursScoringChanged':
        pointsMoved = true;
        loggedHoursRule = true;
        break;
      case 'FriendRequested':
      case 'FriendRequestAccepted':
      case 'FriendRequestRejected':
      case 'FriendRemoved':
        users.add(event.data.requesterId);
        users.add(event.data.recipientId);
        break;
      case 'OpportunityUpdated':
        if (event.data.changes.causes !== undefined)
          recausedOpportunities.add(event.data.opportunityId);
        break;
      default:
        break;
    }
  }
  return { users, recausedOpportunities, pointsMoved, loggedHoursRule };
};

/**
 * The all-time scores of the top ten, ties at the tenth place included (a short list): with
 * competition ranking, rank <= 10 iff points >= the tenth-best score. Zero scores rank nobody.
 */
const topScoresOf = async (client: PoolClient, topRank: number): Promise<number[]> => {
  const { rows } = await client.query<{ points: number }>(
    `SELECT points FROM users
      WHERE points > 0
        AND points >= COALESCE((SELECT points FROM users ORDER BY points DESC
                                 OFFSET ${String(Math.max(0, topRank - 1))} LIMIT 1), 0)
      ORDER BY points DESC`,
  );
  return rows.map((r) => r.points);
};

/** The rank of `points` when it is in the top ten, else null (only rank <= 10 earns a badge). */
const topTenRank = (
  topScores: readonly number[],
  points: number,
  topRank: number,
): number | null => {
  if (points <= 0 || !topScores.includes(points)) return null;
  const rank = 1 + topScores.filter((s) => s > points).length;
  return rank <= topRank ? rank : null;
};

/**
 * Recomputes and writes the badges of `users` (null: of every user) from the current read model.
 */
const writeBadges = async (
  client: PoolClient,
  users: ReadonlySet<string> | null,
  thresholds: Thresholds,
) => {
  const topRank = thresholds['top-ten'];
  const { rows } = await client.query<FactsRow>(
    `WITH t AS (${users ? 'SELECT DISTINCT unnest($1::uuid[]) AS id' : 'SELECT id FROM users WHERE $1::uuid[] IS NULL'}),
     s AS (
       SELECT s.user_id,
              count(*) FILTER (WHERE s.registered)::int AS signups,
              count(*) FILTER (WHERE s.attended AND $2 = ANY(o.causes))::int AS eco,
              count(*) FILTER (WHERE s.attended AND $3 = ANY(o.causes))::int AS hunger
         FROM signups s
         JOIN t ON t.id = s.user_id
         LEFT JOIN opportunities o ON o.id = s.opportunity_id
        GROUP BY s.user_id
     ),
     f AS (
       SELECT id, count(*)::int AS friends FROM (
         SELECT fr.requester_id AS id FROM friendships fr JOIN t ON t.id = fr.requester_id
          WHERE fr.status = 'friends'
         UNION ALL
         SELECT fr.recipient_id FROM friendships fr JOIN t ON t.id = fr.recipient_id
          WHERE fr.status = 'friends'
       ) pairs GROUP BY id
     )
     SELECT u.id::text, u.points, COALESCE(s.signups, 0) AS signups,
            COALESCE(f.friends, 0) AS friends, COALESCE(s.eco, 0) AS eco,
            COALESCE(s.hunger, 0) AS hunger
       FROM users u
       JOIN t ON t.id = u.id
       LEFT JOIN s ON s.user_id = u.id
       LEFT JOIN f ON f.id = u.id`,
    [users ? [...users] : null, ECO_CAUSE, HUNGER_CAUSE],
  );
  const topScores = await topScoresOf(client, topRank);
  const badgeRows = rows.map((r) => {
    const allTimeRank = topTenRank(topScores, r.points, topRank);
    return {
      user_id: r.id,
      badges: evaluateBadges(
        {
          signups: r.signups,
          points: r.points,
          friends: r.friends,
          ecoEvents: r.eco,
          hungerEvents: r.hunger,
          allTimeRank,
        },
        thresholds,
      ),
      signup_count: r.signups,
      friend_count: r.friends,
      eco_count: r.eco,
      hunger_count: r.hunger,
      top_ten: allTimeRank !== null && allTimeRank <= topRank,
    };
  });
  if (!badgeRows.length) return;
  await client.query(
    `INSERT INTO user_badges AS b (user_id, badges, signup_count, friend_count, eco_count,
        hunger_count, top_ten)
     SELECT r.user_id, r.badges, r.signup_count, r.friend_count, r.eco_count, r.hunger_count,
        r.top_ten
       FROM json_to_recordset($1::json) AS r(user_id uuid, badges text[], signup_count integer,
            friend_count integer, eco_count integer, hunger_count integer, top_ten boolean)
     ON CONFLICT (user_id) DO UPDATE SET badges = EXCLUDED.badges,
        signup_count = EXCLUDED.signup_count, friend_count = EXCLUDED.friend_count,
        eco_count = EXCLUDED.eco_count, hunger_count = EXCLUDED.hunger_count,
        top_ten = EXCLUDED.top_ten
      WHERE (b.badges, b.signup_count, b.friend_count, b.eco_count, b.hunger_count, b.top_ten)
        IS DISTINCT FROM (EXCLUDED.badges, EXCLUDED.signup_count, EXCLUDED.friend_count,
                          EXCLUDED.eco_count, EXCLUDED.hunger_count, EXCLUDED.top_ten)`,
    [asJson(badgeRows)],
  );
};

/**
 * read.user_badges: the badges with the counts they come from, recomputed from
 * the current read model for the users a batch touched (it runs after the projections it reads).
 * Top Ten moves whenever anyone's points move, so then the users entering or leaving it are
 * recomputed too. Nobody is Top Ten with 0 points. A change of the logged hours rule moves the
 * points of every user with a logged hours line (docs/service-hours.md).
 */
export const badgesProjection: Projection = {
  name: 'badges',
  tables: ['user_badges'],
  reads: ['users', 'signups', 'opportunities', 'friendships', 'point_ledger'],
  async apply(client, events, context) {
    const thresholds = scoringWith(context.scoring).badgeThresholds;
    const topRank = thresholds['top-ten'];
    const { users, recausedOpportunities, pointsMoved, loggedHoursRule } = touchedBy(events);
    if (loggedHoursRule) {
      const { rows } = await client.query<{ user_id: string }>(
        `SELECT DISTINCT user_id::text FROM point_ledger WHERE reason = 'logged_hours'`,
      );
      for (const row of rows) users.add(row.user_id);
    }
    if (recausedOpportunities.size) {
      const { rows } = await client.query<{ user_id: string }>(
        `SELECT user_id::text FROM signups WHERE opportunity_id = ANY($1::uuid[]) AND attended`,
        [[...recausedOpportunities]],
      );
      for (const row of rows) users.add(row.user_id);
    }
    if (pointsMoved) {
      // Whoever is in the top ten now, or held the badge before, may have gained or lost it.
      const { rows } = await client.query<{ id: string }>(
        `(SELECT id::text FROM users
           WHERE points > 0
             AND points >= COALESCE((SELECT points FROM users ORDER BY points DESC
                                      OFFSET ${String(Math.max(0, topRank - 1))} LIMIT 1), 0))
         UNION
         (SELECT user_id::text FROM user_badges WHERE top_ten)`,
      );
      for (const row of rows) users.add(row.id);
    }
    if (!users.size) return;

    await writeBadges(client, users, thresholds);
  },
  // Badges follow from other projections' rows alone: a replay computes them once, at the end.
  async rebuild(client, context) {
    await writeBadges(client, null, scoringWith(context.scoring).badgeThresholds);
  },
};
