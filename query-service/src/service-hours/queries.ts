import type { Notifications, ServiceLog, ServiceLogStatus } from '@campus/contracts';
import type { Caller, Pool } from '@campus/infra';
import { prepared, userNameSql } from '../shared/sql';

/**
 * Service hours logged off the platform as the read model holds them (read.service_logs,
 * docs/service-hours.md). The student's and the verifier's names come from read.users (the erased
 * placeholder once erased), the organization's from read.organizations or the outside one's name;
 * the personal fields are null once the student is erased (the projection drops them).
 */

/** How long a decision stays on the student's Notifications page. */
export const HOURS_DECISIONS_DAYS = 30;
const DAY_MS = 86_400_000;

/** The organization a log names: the platform one's name, or the outside one's. */
const organizationNameSql = (l: string, o: string) =>
  `coalesce(${o}.name, ${l}.outside_organization, '')`;

/** A log's row: `l` the log, `u` its student, `o` its organization, `d` who decided it. */
const LOG_SELECT = `SELECT l.id::text, l.user_id::text, ${userNameSql('u')} AS user_name,
            l.organization_id::text, ${organizationNameSql('l', 'o')} AS organization_name,
            l.organization_id IS NULL AS outside,
            to_char(l.service_date, 'YYYY-MM-DD') AS date, l.minutes, l.cause,
            l.description, l.verifier_name, l.verifier_email, l.photo, l.status,
            l.logged_at, l.decided_at, l.decided_by::text AS decided_by_id,
            CASE WHEN d.id IS NULL THEN NULL ELSE ${userNameSql('d')} END AS decided_by_name,
            l.reason
       FROM read.service_logs l
       LEFT JOIN read.users u ON u.id = l.user_id
       LEFT JOIN read.organizations o ON o.id = l.organization_id
       LEFT JOIN read.users d ON d.id = l.decided_by`;

type LogRow = Omit<ServiceLog, 'logged_at' | 'decided_at'> & {
  logged_at: Date;
  decided_at: Date | null;
};

const toServiceLog = ({ logged_at, decided_at, ...row }: LogRow): ServiceLog => ({
  ...row,
  logged_at: logged_at.toISOString(),
  decided_at: decided_at?.toISOString() ?? null,
});

/** The caller's own logs, newest first (service_logs_user_idx). */
const MINE = `${LOG_SELECT}
      WHERE l.user_id = $1::uuid
      ORDER BY l.logged_at DESC, l.id DESC`;

/**
 * Logs waiting for a decision, oldest first, never the caller's own ($1). Those of a student who
 * was erased are left out: their reason could no longer be sealed, so nobody can decide them.
 */
const PENDING_WHERE = `l.status = 'pending' AND l.user_id <> $1::uuid AND NOT l.erased`;
const PENDING_ORDER = `ORDER BY l.logged_at, l.id`;
/** An admin's queue: every pending log, outside organizations included. */
const PENDING_ALL = `${LOG_SELECT}
      WHERE ${PENDING_WHERE}
      ${PENDING_ORDER}`;
/** A host's queue: the pending logs of the organizations they host that are not deleted. */
const PENDING_HOSTED = `${LOG_SELECT}
      WHERE ${PENDING_WHERE}
        AND l.organization_id IN (SELECT h.id FROM read.organizations h
                                   WHERE h.host_user_id = $1::uuid AND NOT h.deleted)
      ${PENDING_ORDER}`;

/** The caller's logs, newest first, with the minutes approved and still waiting. */
export const loadMyServiceLogs = async (pool: Pool, userId: string) => {
  const { rows } = await pool.query<LogRow>(prepared(MINE, [userId]));
  const logs = rows.map(toServiceLog);
  const total = (status: ServiceLogStatus) =>
    logs.reduce((sum, log) => sum + (log.status === status ? log.minutes : 0), 0);
  return { approved_minutes: total('approved'), pending_minutes: total('pending'), logs };
};

/** The logs the caller may decide (docs/service-hours.md), oldest first. */
export const loadPendingServiceLogs = async (pool: Pool, caller: Caller): Promise<ServiceLog[]> => {
  const { rows } = await pool.query<LogRow>(
    prepared(caller.admin ? PENDING_ALL : PENDING_HOSTED, [caller.userId]),
  );
  return rows.map(toServiceLog);
};

/** Decisions on the caller's logs since $2, newest first (service_logs_user_idx). */
const DECISIONS = `SELECT l.id::text AS log_id, l.status,
            ${organizationNameSql('l', 'o')} AS organization_name,
            to_char(l.service_date, 'YYYY-MM-DD') AS date, l.minutes, l.decided_at,
            CASE WHEN d.id IS NULL THEN NULL ELSE ${userNameSql('d')} END AS decided_by_name,
            l.reason
       FROM read.service_logs l
       LEFT JOIN read.organizations o ON o.id = l.organization_id
       LEFT JOIN read.users d ON d.id = l.decided_by
      WHERE l.user_id = $1::uuid AND l.status IN ('approved', 'rejected')
        AND l.decided_at >= $2::timestamptz
      ORDER BY l.decided_at DESC, l.id DESC`;

type HoursDecision = Notifications['hours_decisions'][number];

/** The decisions on `userId`'s logs of the last HOURS_DECISIONS_DAYS days before `now`. */
export const loadHoursDecisions = async (
  pool: Pool,
  userId: string,
  now: Date,
): Promise<HoursDecision[]> => {
  const since = new Date(now.getTime() - HOURS_DECISIONS_DAYS * DAY_MS);
  const { rows } = await pool.query<Omit<HoursDecision, 'decided_at'> & { decided_at: Date }>(
    prepared(DECISIONS, [userId, since.toISOString()]),
  );
  return rows.map(({ decided_at, ...row }) => ({ ...row, decided_at: decided_at.toISOString() }));
};

/** Whether approved logged hours earn points: read.scoring_rules, off until an admin sets it. */
export const loadLoggedHoursScoring = async (pool: Pool): Promise<boolean> => {
  const { rows } = await pool.query<{ earn: boolean }>(
    'SELECT logged_hours_earn_points AS earn FROM read.scoring_rules',
  );
  return rows[0]?.earn ?? false;
};
