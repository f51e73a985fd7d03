import { serviceHoursTexts } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { userNameSql } from '../shared/sql';

export type TranscriptRow = {
  readonly opportunity: string;
  readonly organization: string | null;
  readonly date: string;
  readonly minutes: number;
  readonly causes: readonly string[];
  /**
   * Service logged off the platform and verified (docs/service-hours.md), with the name of the
   * host or admin who approved it (null when unknown); null on a platform row.
   */
  readonly logged: { readonly verifiedBy: string | null } | null;
};

export type Transcript = {
  readonly userId: string;
  readonly name: string;
  /** Platform and logged rows together, oldest first by date. */
  readonly rows: readonly TranscriptRow[];
  /** Platform rows: the opportunities attended. */
  readonly opportunityCount: number;
  /** Platform and logged minutes. */
  readonly totalMinutes: number;
  readonly loggedMinutes: number;
  /** Minutes per cause, logged ones included; an opportunity with several causes counts toward each. */
  readonly byCause: readonly { readonly cause: string; readonly minutes: number }[];
};

/**
 * A student's verified service: every attendance line of their point ledger (the host marked them
 * attended; the minutes are the duration submitted with the attendance), with the organization
 * that hosted it (or the nonprofit named on it) and the causes; and every approved log of service
 * done off the platform (docs/service-hours.md), with its organization, cause and verifier. Oldest
 * first by date (a day's platform rows before its logged ones), then the totals. Deleted
 * opportunities stay: the service happened.
 */
export const loadTranscript = async (pool: Pool, userId: string): Promise<Transcript | null> => {
  const [user, platform, logged] = await Promise.all([
    pool.query<{ name: string }>(
      `SELECT ${userNameSql('u')} AS name FROM read.users u WHERE u.id = $1`,
      [userId],
    ),
    pool.query<Omit<TranscriptRow, 'logged'> & { causes: string[] }>(
      `SELECT coalesce(o.name, '') AS opportunity,
              coalesce(org.name, nullif(o.nonprofit, '')) AS organization,
              to_char(l.opportunity_date, 'YYYY-MM-DD') AS date, l.points AS minutes,
              coalesce(o.causes, '{}') AS causes
         FROM read.point_ledger l
         LEFT JOIN read.opportunities o ON o.id = l.opportunity_id
         LEFT JOIN read.organizations org ON org.id = o.host_org_id
        WHERE l.user_id = $1 AND l.reason = 'attendance'
        ORDER BY l.opportunity_date, o.starts_at, l.id`,
      [userId],
    ),
    pool.query<{
      organization: string;
      date: string;
      minutes: number;
      cause: string;
      verified_by: string | null;
    }>(
      `SELECT coalesce(org.name, s.outside_organization, '') AS organization,
              to_char(s.service_date, 'YYYY-MM-DD') AS date, s.minutes, s.cause,
              CASE WHEN v.id IS NULL THEN NULL ELSE ${userNameSql('v')} END AS verified_by
         FROM read.service_logs s
         LEFT JOIN read.organizations org ON org.id = s.organization_id
         LEFT JOIN read.users v ON v.id = s.decided_by
        WHERE s.user_id = $1 AND s.status = 'approved'
        ORDER BY s.service_date, s.logged_at, s.id`,
      [userId],
    ),
  ]);
  const name = user.rows[0]?.name;
  if (name === undefined) return null;
  const loggedRows: TranscriptRow[] = logged.rows.map((r) => ({
    opportunity: serviceHoursTexts.transcript.loggedActivity,
    organization: r.organization,
    date: r.date,
    minutes: r.minutes,
    causes: [r.cause],
    logged: { verifiedBy: r.verified_by },
  }));
  // A stable sort: each kind keeps its own order, a day's platform rows come first.
  const rows: TranscriptRow[] = [
    ...platform.rows.map((r) => ({ ...r, logged: null })),
    ...loggedRows,
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const byCause = new Map<string, number>();
  for (const row of rows) {
    for (const cause of row.causes) byCause.set(cause, (byCause.get(cause) ?? 0) + row.minutes);
  }
  const sum = (list: readonly TranscriptRow[]) => list.reduce((total, r) => total + r.minutes, 0);
  return {
    userId,
    name,
    rows,
    opportunityCount: platform.rows.length,
    totalMinutes: sum(rows),
    loggedMinutes: sum(loggedRows),
    byCause: [...byCause]
      .map(([cause, minutes]) => ({ cause, minutes }))
      .sort((a, b) => b.minutes - a.minutes || a.cause.localeCompare(b.cause)),
  };
};
