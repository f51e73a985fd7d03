import type { OrganizationType } from '@campus/contracts';
import {
  ALL_TIME,
  individualsBoard,
  isBoardMonth,
  organizationsBoard,
  organizationTypeBoard,
  type PoolClient,
} from '@campus/infra';

/**
 * Which boards exist, in one place for the full rebuild and the watchdog: the read-model rows a
 * board is made of (the FROM clauses below) and the keys each row lands on (boardKeysOf).
 */

/** Every user is on the all-time individuals board. */
export const BOARD_USERS = 'FROM users u';

/** A user's month with points puts them on that month's individuals board. */
export const BOARD_USER_MONTHS =
  'FROM monthly_points mp JOIN users u ON u.id = mp.user_id WHERE mp.points > 0';

/** Every approved organization is on the all-time organization boards. */
export const BOARD_ORGANIZATIONS = 'FROM organizations o WHERE o.approved AND NOT o.deleted';

/** An approved organization whose members earned points in a month is on that month's boards. */
export const BOARD_ORGANIZATION_MONTHS = `FROM memberships m
   JOIN organizations o ON o.id = m.organization_id AND o.approved AND NOT o.deleted
   JOIN monthly_points mp ON mp.user_id = m.user_id
  GROUP BY m.organization_id, o.type, mp.month
 HAVING sum(mp.points) > 0`;

/** One row of the read model that puts an entry on boards; no month means all-time. */
export type BoardRow =
  | { readonly kind: 'user'; readonly month?: string }
  | { readonly kind: 'organization'; readonly type: OrganizationType; readonly month?: string };

/** The board keys one row's entry is written to (none for a month outside the boards' format). */
export const boardKeysOf = (prefix: string, row: BoardRow): string[] => {
  const period = row.month === undefined ? ALL_TIME : isBoardMonth(row.month) ? row.month : null;
  if (period === null) return [];
  return row.kind === 'user'
    ? [individualsBoard(prefix, period)]
    : [organizationsBoard(prefix, period), organizationTypeBoard(prefix, row.type, period)];
};

/**
 * The board keys a full rebuild would write from the read model `client` reads now (each holds
 * at least one entry, so each must exist in Redis), from distinct months and types only.
 */
export const expectedBoardKeys = async (client: PoolClient, prefix: string): Promise<string[]> => {
  const rows: BoardRow[] = [];
  const users = await client.query(`SELECT 1 ${BOARD_USERS} LIMIT 1`);
  if (users.rows.length) rows.push({ kind: 'user' });
  const months = await client.query<{ month: string }>(
    `SELECT DISTINCT mp.month ${BOARD_USER_MONTHS}`,
  );
  for (const { month } of months.rows) rows.push({ kind: 'user', month });
  const types = await client.query<{ type: OrganizationType }>(
    `SELECT DISTINCT o.type ${BOARD_ORGANIZATIONS}`,
  );
  for (const { type } of types.rows) rows.push({ kind: 'organization', type });
  const organizationMonths = await client.query<{ type: OrganizationType; month: string }>(
    `SELECT DISTINCT type, month FROM (SELECT o.type, mp.month ${BOARD_ORGANIZATION_MONTHS}) s`,
  );
  for (const { type, month } of organizationMonths.rows)
    rows.push({ kind: 'organization', type, month });
  return [...new Set(rows.flatMap((row) => boardKeysOf(prefix, row)))];
};
