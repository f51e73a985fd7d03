import type { ReportKind } from '@campus/contracts';
import type { Pool } from '@campus/infra';

/**
 * Who may ask for a report and see it (docs/impact.md): admins every report; anyone else only a
 * table of the impact dashboard of one organization they host now (not a deleted one).
 */

/** What a report counts, as far as who may see it goes. */
export type ReportSubject = {
  readonly kind: ReportKind;
  /** An impact report's organization; null: every organization's, or not an impact report. */
  readonly organizationId: string | null;
};

/** Whether `userId` hosts the organization `organizationId` now (it exists, not deleted). */
export const hostsOrganization = async (
  pool: Pool,
  userId: string,
  organizationId: string,
): Promise<boolean> => {
  const { rowCount } = await pool.query(
    `SELECT 1 FROM read.organizations
      WHERE id = $1::uuid AND host_user_id = $2::uuid AND NOT deleted`,
    [organizationId, userId],
  );
  return (rowCount ?? 0) > 0;
};

/** Whether the caller may ask for a report of `subject`, and see its state and file. */
export const mayAccessReport = async (
  pool: Pool,
  caller: { readonly userId: string; readonly admin: boolean },
  subject: ReportSubject,
): Promise<boolean> => {
  if (caller.admin) return true;
  if (subject.kind !== 'impact' || subject.organizationId === null) return false;
  return hostsOrganization(pool, caller.userId, subject.organizationId);
};

/** How many report files `userId` asked for that were built within the last hour. */
export const reportsBuiltInLastHour = async (pool: Pool, userId: string): Promise<number> => {
  const { rows } = await pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM read.report_files
      WHERE requested_by = $1::uuid AND created_at > now() - interval '1 hour'`,
    [userId],
  );
  return rows[0]?.count ?? 0;
};
