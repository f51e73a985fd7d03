import type { AuditPointsHistory, AwardFlag } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { ledgerEntries, queryPointLedger, type LedgerRow } from '../users/queries';

/** What the audit reads beyond the user's own ledger. */
type AuditColumns = { scheduled_minutes: number | null; host_attended: boolean };

/**
 * The opportunity's duration is the scheduled one at award time: it cannot change once attendance
 * is marked (docs/product-rules.md). The host attended when their own signup was marked attended.
 */
const AUDIT_LEDGER = {
  columns: `o.duration_minutes AS scheduled_minutes, coalesce(hs.attended, false) AS host_attended`,
  joins: `LEFT JOIN read.signups hs ON hs.opportunity_id = l.opportunity_id
                                  AND hs.user_id = o.host_user_id`,
};

/** The review flags of one ledger line: attendance lines only (the bonus follows its award). */
export const awardFlagsOf = (
  row: Pick<LedgerRow, 'reason' | 'points'> & AuditColumns,
): AwardFlag[] => {
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
    queryPointLedger<AuditColumns>(pool, userId, AUDIT_LEDGER),
  ]);
  const found = user.rows[0];
  if (!found) return null;
  return {
    user_id: userId,
    points: found.points,
    entries: ledgerEntries(ledger, (entry, row) => ({
      ...entry,
      scheduled_minutes: row.scheduled_minutes,
      flags: awardFlagsOf(row),
    })),
  };
};
