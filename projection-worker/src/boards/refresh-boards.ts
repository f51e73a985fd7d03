import {
  formatPosition,
  ORGANIZATION_TYPES,
  type GlobalPosition,
  type OrganizationType,
} from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { asJson } from '../projections/shared';
import { withBoardsSnapshot } from './board-lock';
import {
  emptyBoardTouches,
  isEmptyTouches,
  mergeBoardTouches,
  type BoardTouches,
} from './board-touches';
import { createBoardWrites, type BoardWrites } from './board-writes';
import {
  ALL_TIME,
  boardsStateKeys,
  individualsBoard,
  isBoardMonth,
  organizationsBoard,
  organizationTypeBoard,
  type BoardPeriod,
  type RedisClient,
} from '@campus/infra';
import { LIVE_SCHEMA, type ReadSchema } from '@campus/read-model';

/**
 * Where the boards live: a Redis client and the key prefix (tests and replays use their own), and
 * the read model their scores come from (the live one unless a replay builds a shadow).
 */
export type BoardsTarget = {
  readonly redis: RedisClient;
  readonly prefix: string;
  readonly schema?: ReadSchema;
};

const periodOf = (month: string): BoardPeriod | null => (isBoardMonth(month) ? month : null);

/** Every 'YYYY-MM' from `first` to `last`, both included. */
export const monthsBetween = (first: string, last: string): string[] => {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${String(year)}-${String(month).padStart(2, '0')}`);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return months;
};

/** Every month that has points on some monthly board. */
const monthsWithPoints = async (client: PoolClient): Promise<string[]> => {
  const { rows } = await client.query<{ first: string | null; last: string | null }>(
    'SELECT min(month) AS first, max(month) AS last FROM monthly_points',
  );
  const row = rows[0];
  return row?.first && row.last && isBoardMonth(row.first) && isBoardMonth(row.last)
    ? monthsBetween(row.first, row.last)
    : [];
};

const addAll = (map: Map<string, Set<string>>, key: string, values: Iterable<string>) => {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  for (const v of values) set.add(v);
};

const refreshIndividuals = async (
  client: PoolClient,
  touches: BoardTouches,
  prefix: string,
  writes: BoardWrites,
) => {
  if (touches.users.size) {
    const { rows } = await client.query<{ id: string; points: number }>(
      'SELECT id::text, points FROM users WHERE id = ANY($1::uuid[])',
      [[...touches.users]],
    );
    for (const r of rows) writes.set(individualsBoard(prefix, ALL_TIME), r.id, r.points);
  }
  if (touches.userMonths.size) {
    const pairs = [...touches.userMonths].flatMap(([user_id, months]) =>
      [...months].map((month) => ({ user_id, month })),
    );
    const { rows } = await client.query<{
      user_id: string;
      month: string;
      points: number;
      known: boolean;
    }>(
      `SELECT k.user_id::text, k.month, COALESCE(mp.points, 0) AS points, u.id IS NOT NULL AS known
         FROM json_to_recordset($1::json) AS k(user_id uuid, month text)
         LEFT JOIN monthly_points mp ON mp.user_id = k.user_id AND mp.month = k.month
         LEFT JOIN users u ON u.id = k.user_id`,
      [asJson(pairs)],
    );
    for (const r of rows) {
      const period = periodOf(r.month);
      if (!period) continue;
      const key = individualsBoard(prefix, period);
      if (r.known && r.points > 0) writes.set(key, r.user_id, r.points);
      else writes.remove(key, r.user_id);
    }
  }
};

type OrganizationInfo = { id: string; type: OrganizationType; listed: boolean };

const refreshOrganizations = async (
  client: PoolClient,
  touches: BoardTouches,
  prefix: string,
  writes: BoardWrites,
) => {
  // Which (organization, month) scores may have moved.
  const orgMonths = new Map<string, Set<string>>();
  if (touches.userMonths.size) {
    const { rows } = await client.query<{ organization_id: string; user_id: string }>(
      `SELECT organization_id::text, user_id::text FROM memberships
        WHERE user_id = ANY($1::uuid[])`,
      [[...touches.userMonths.keys()]],
    );
    for (const r of rows)
      addAll(orgMonths, r.organization_id, touches.userMonths.get(r.user_id) ?? []);
  }
  if (touches.memberships.size) {
    const movers = new Set([...touches.memberships.values()].flatMap((users) => [...users]));
    const { rows } = await client.query<{ user_id: string; months: string[] }>(
      `SELECT user_id::text, array_agg(month) AS months FROM monthly_points
        WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`,
      [[...movers]],
    );
    const monthsOf = new Map(rows.map((r) => [r.user_id, r.months]));
    for (const [organizationId, users] of touches.memberships) {
      addAll(orgMonths, organizationId, []);
      for (const userId of users) addAll(orgMonths, organizationId, monthsOf.get(userId) ?? []);
    }
  }
  const allMonths = touches.organizations.size ? await monthsWithPoints(client) : [];
  for (const organizationId of touches.organizations) addAll(orgMonths, organizationId, allMonths);
  if (!orgMonths.size) return;

  const { rows: infoRows } = await client.query<OrganizationInfo>(
    `SELECT id::text, type, approved AND NOT deleted AS listed FROM organizations
      WHERE id = ANY($1::uuid[])`,
    [[...orgMonths.keys()]],
  );
  const info = new Map(infoRows.map((r) => [r.id, r]));
  const listed = infoRows.filter((r) => r.listed).map((r) => r.id);

  const allTime = new Map<string, number>();
  const monthly = new Map<string, number>();
  if (listed.length) {
    const { rows } = await client.query<{ organization_id: string; points: number }>(
      `SELECT m.organization_id::text, sum(u.points)::integer AS points
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ANY($1::uuid[]) GROUP BY m.organization_id`,
      [listed],
    );
    for (const r of rows) allTime.set(r.organization_id, r.points);
    const pairs = listed.flatMap((org) =>
      [...(orgMonths.get(org) ?? [])].map((month) => ({ org, month })),
    );
    if (pairs.length) {
      const { rows: monthRows } = await client.query<{
        org: string;
        month: string;
        points: number;
      }>(
        `SELECT k.org::text, k.month, sum(mp.points)::integer AS points
           FROM json_to_recordset($1::json) AS k(org uuid, month text)
           JOIN memberships m ON m.organization_id = k.org
           JOIN monthly_points mp ON mp.user_id = m.user_id AND mp.month = k.month
          GROUP BY k.org, k.month`,
        [asJson(pairs)],
      );
      for (const r of monthRows) monthly.set(`${r.org}|${r.month}`, r.points);
    }
  }

  for (const [organizationId, months] of orgMonths) {
    const org = info.get(organizationId);
    const periods: BoardPeriod[] = [ALL_TIME, ...[...months].flatMap((m) => periodOf(m) ?? [])];
    // A full recompute also clears the boards of every other type (the type may have changed).
    const staleTypes =
      touches.organizations.has(organizationId) || !org
        ? ORGANIZATION_TYPES.filter((t) => !org?.listed || t !== org.type)
        : org.listed
          ? []
          : [org.type];
    for (const period of periods) {
      for (const type of staleTypes)
        writes.remove(organizationTypeBoard(prefix, type, period), organizationId);
      if (!org?.listed) {
        writes.remove(organizationsBoard(prefix, period), organizationId);
        continue;
      }
      const score =
        period === ALL_TIME
          ? (allTime.get(organizationId) ?? 0)
          : (monthly.get(`${organizationId}|${period}`) ?? 0);
      // All-time boards list every live organization; monthly boards only those with points.
      if (period === ALL_TIME || score > 0) {
        writes.set(organizationsBoard(prefix, period), organizationId, score);
        writes.set(organizationTypeBoard(prefix, org.type, period), organizationId, score);
      } else {
        writes.remove(organizationsBoard(prefix, period), organizationId);
        writes.remove(organizationTypeBoard(prefix, org.type, period), organizationId);
      }
    }
  }
};

/**
 * `touches` with a change of the logged hours rule spelled out: every user with a logged hours
 * line and each month they have one (docs/service-hours.md), as the ledger holds them now.
 */
const withLoggedHoursLines = async (
  client: PoolClient,
  touches: BoardTouches,
): Promise<BoardTouches> => {
  if (!touches.loggedHoursRule) return touches;
  const { rows } = await client.query<{ user_id: string; months: string[] }>(
    `SELECT user_id::text, array_agg(DISTINCT month) AS months FROM point_ledger
      WHERE reason = 'logged_hours' GROUP BY user_id`,
  );
  const spelled = mergeBoardTouches(emptyBoardTouches(), touches);
  spelled.loggedHoursRule = false;
  for (const { user_id, months } of rows) {
    spelled.users.add(user_id);
    addAll(spelled.userMonths, user_id, months);
  }
  return spelled;
};

/**
 * Recomputes, from Postgres, the absolute scores of the users and organizations a batch touched and
 * writes them to Redis (ZADD/ZREM in one pipeline). Run after the batch's commit; idempotent. With
 * `position` (the live projector's batch), the same pipeline records it as the boards' position:
 * every board write up to it is in. A Redis failure throws BoardsRedisError; Postgres errors
 * are thrown as they are.
 */
export const refreshBoards = async (
  pool: Pool,
  target: BoardsTarget,
  touches: BoardTouches,
  options: { readonly position?: GlobalPosition } = {},
): Promise<void> => {
  if (isEmptyTouches(touches)) return;
  const snapshot = { prefix: target.prefix, schema: target.schema ?? LIVE_SCHEMA };
  await withBoardsSnapshot(pool, { mode: 'shared', ...snapshot }, async (client) => {
    const writes = createBoardWrites();
    const touched = await withLoggedHoursLines(client, touches);
    await refreshIndividuals(client, touched, target.prefix, writes);
    await refreshOrganizations(client, touched, target.prefix, writes);
    if (options.position)
      writes.setValue(boardsStateKeys(target.prefix).position, formatPosition(options.position));
    await writes.flush(target.redis);
  });
};
