import type { AuditPointsHistory, AwardFlag } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { userNameSql } from '../shared/sql';

type LedgerRow = {
  id: string;
  recorded_at: Date;
  reason: 'attendance' | 'first_signup_bonus';
  opportunity_id: string;
  opportunity_name: string | null;
  opportunity_date: string;
  actor_id: string | null;
  actor_name: string | null;
  points: number;
  scheduled_minutes: number | null;
  host_attended: boolean;
};

/**
 * The opportunity's duration is the scheduled one at award time: it cannot change once attendance
 * is marked (docs/product-rules.md). The host attended when their own signup was marked attended.
 */
const LEDGER_SQL = `
  SELECT l.id::text, l.recorded_at, l.reason, l.opportunity_id::text, o.name AS opportunity_name,
         to_char(l.opportunity_date, 'YYYY-MM-DD') AS opportunity_date,
         l.actor_user_id::text AS actor_id,
         CASE WHEN a.id IS NULL THEN NULL ELSE ${userNameSql('a')} END AS actor_name,
         l.points, o.duration_minutes AS scheduled_minutes,
         coalesce(hs.attended, false) AS host_attended
    FROM read.point_ledger l
    LEFT JOIN read.opportunities o ON o.id = l.opportunity_id
    LEFT JOIN read.signups hs ON hs.opportunity_id = l.opportunity_id
                             AND hs.user_id = o.host_user_id
    LEFT JOIN read.users a ON a.id = l.actor_user_id
   WHERE l.user_id = $1
   ORDER BY l.recorded_at, l.id`;

/** The review flags of one ledger line: attendance lines only (the bonus follows its award). */
export const awardFlagsOf = (row: {
  reason: LedgerRow['reason'];
  points: number;
  scheduled_minutes: number | null;
  host_attended: boolean;
}): AwardFlag[] => {
  if (row.reason !== 'attendance') return [];
  const flags: AwardFlag[] = [];
  if (row.scheduled_minutes !== null && row.points > row.scheduled_minutes)
    flags.push('longer-than-scheduled');
  if (row.host_attended) flags.push('host-attended');
  return flags;
};

/** A user's point ledger as the admin audit shows it, or null when the user is unknown. */
export const auditPointsHistory = async (
  pool: Pool,
  userId: string,
): Promise<AuditPointsHistory | null> => {
  const [user, ledger] = await Promise.all([
    pool.query<{ points: number }>('SELECT points FROM read.users WHERE id = $1', [userId]),
    pool.query<LedgerRow>(LEDGER_SQL, [userId]),
  ]);
  const found = user.rows[0];
  if (!found) return null;
  let total = 0;
  return {
    user_id: userId,
    points: found.points,
    entries: ledger.rows.map((r) => {
      total += r.points;
      return {
        id: r.id,
        at: r.recorded_at.toISOString(),
        reason: r.reason,
        opportunity_id: r.opportunity_id,
        opportunity_name: r.opportunity_name,
        opportunity_date: r.opportunity_date,
        actor_id: r.actor_id,
        actor_name: r.actor_name,
        change: r.points,
        running_total: total,
        scheduled_minutes: r.scheduled_minutes,
        flags: awardFlagsOf(r),
      };
    }),
  };
};
