import { Router } from 'express';
import {
  currentBoardMonth,
  easternToday,
  routes,
  texts,
  UNKNOWN_RANK,
  type OrganizationDetail,
  type OrganizationListItem,
  type OrganizationType,
} from '@campus/contracts';
import { NotFoundError, requireCaller, type Caller, type Pool } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';
import {
  ALL_TIME,
  isBoardMonth,
  isRedisUnavailableError,
  organizationTypeBoard,
  rankOnBoard,
  withRedisDeadline,
  type RedisClient,
} from '@campus/infra';
import { personVisibility, projectPerson } from '../shared/person-visibility';
import { userImageSql, userNameSql } from '../shared/sql';

type OrganizationRow = {
  id: string;
  name: string;
  type: OrganizationType;
  description: string;
  approved: boolean;
  deleted: boolean;
  host_user_id: string;
  member_count: number;
  created_at: Date;
  host_user_name: string | null;
  is_member: boolean;
};

const selectOrganizations = (where: string, order: string) =>
  `SELECT o.id::text, o.name, o.type, o.description, o.approved, o.deleted,
          o.host_user_id::text, o.member_count, o.created_at,
          ${userNameSql('h')} AS host_user_name,
          EXISTS (SELECT 1 FROM read.memberships m
                   WHERE m.organization_id = o.id AND m.user_id = $1::uuid) AS is_member
     FROM read.organizations o LEFT JOIN read.users h ON h.id = o.host_user_id
    WHERE ${where} ORDER BY ${order}`;

const toListItem = (row: OrganizationRow): OrganizationListItem => ({
  id: row.id,
  name: row.name,
  type: row.type,
  description: row.description,
  approved: row.approved,
  host_user_id: row.host_user_id,
  member_count: row.member_count,
  date_created: row.created_at.toISOString(),
  host_user_name: row.host_user_name ?? 'Unknown User',
  is_member: row.is_member,
});

const listOrganizations = async (pool: Pool, caller: Caller, approved: boolean) => {
  const { rows } = await pool.query<OrganizationRow>(
    selectOrganizations(
      'o.approved = $2 AND NOT o.deleted',
      approved ? 'lower(o.name), o.id' : 'o.created_at, o.id',
    ),
    [caller.userId, approved],
  );
  return rows.map(toListItem);
};

/**
 * An organization's rank on a board; unknown (UNKNOWN_RANK) while Redis cannot answer, within
 * the command timeout: the detail screen answers from Postgres all the same.
 */
const rankOrUnknown = (redis: RedisClient, key: string, id: string): Promise<number> =>
  withRedisDeadline(redis, rankOnBoard(redis, key, id)).catch((error: unknown) => {
    if (isRedisUnavailableError(error)) return UNKNOWN_RANK;
    throw error;
  });

/** Organizations: the approved list, the admins' unapproved list, and the detail screen. */
export const organizationsQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool, redis, boardPrefix, config } = deps;

  mountQuery(router, routes.listApprovedOrganizations, deps, async (req, res) => {
    res.json(await listOrganizations(pool, requireCaller(req), true));
  });

  mountQuery(router, routes.listUnapprovedOrganizations, deps, async (req, res) => {
    res.json(await listOrganizations(pool, requireCaller(req), false));
  });

  mountQuery(router, routes.getOrganization, deps, async (req, res) => {
    const caller = requireCaller(req);
    const id = idParam(req);
    const { rows } = id
      ? await pool.query<OrganizationRow>(selectOrganizations('o.id = $2::uuid', 'o.id'), [
          caller.userId,
          id,
        ])
      : { rows: [] };
    const row = rows[0];
    // Deleted ones are gone; unapproved ones show only to their host and admins.
    if (
      !row ||
      row.deleted ||
      (!row.approved && !caller.admin && row.host_user_id !== caller.userId)
    )
      throw new NotFoundError(texts.notFound.organization);

    const { month } = currentBoardMonth(easternToday(deps.clock.now()), config.LAUNCH_DATE);
    const [members, totals, rank, monthlyRank] = await Promise.all([
      pool.query<OrganizationDetail['members'][number]>(
        `SELECT u.id::text, ${userNameSql('u')} AS name, ${userImageSql('u')} AS profile_image
           FROM read.memberships m JOIN read.users u ON u.id = m.user_id
          WHERE m.organization_id = $1::uuid
          ORDER BY lower(${userNameSql('u')}), u.id`,
        [row.id],
      ),
      pool.query<{ total: number; monthly: number }>(
        `SELECT COALESCE(sum(u.points), 0)::integer AS total,
                COALESCE(sum(mp.points), 0)::integer AS monthly
           FROM read.memberships m
           JOIN read.users u ON u.id = m.user_id
           LEFT JOIN read.monthly_points mp ON mp.user_id = m.user_id AND mp.month = $2
          WHERE m.organization_id = $1::uuid`,
        [row.id, month],
      ),
      rankOrUnknown(redis, organizationTypeBoard(boardPrefix, row.type, ALL_TIME), row.id),
      isBoardMonth(month)
        ? rankOrUnknown(redis, organizationTypeBoard(boardPrefix, row.type, month), row.id)
        : Promise.resolve(UNKNOWN_RANK),
    ]);
    const body: OrganizationDetail = {
      ...toListItem(row),
      total_points: totals.rows[0]?.total ?? 0,
      monthly_points: totals.rows[0]?.monthly ?? 0,
      month,
      rank,
      monthly_rank: monthlyRank,
      members: members.rows.map((m) => projectPerson(m, personVisibility(caller, m.id))),
    };
    res.json(body);
  });

  return router;
};
