import type { Pool } from '@campus/infra';
import { userNameSql } from '../shared/sql';

export type TranscriptRow = {
  readonly opportunity: string;
  readonly organization: string | null;
  readonly date: string;
  readonly minutes: number;
  readonly causes: readonly string[];
};

export type Transcript = {
  readonly userId: string;
  readonly name: string;
  readonly rows: readonly TranscriptRow[];
  readonly totalMinutes: number;
  /** Minutes per cause; an opportunity with several causes counts toward each. */
  readonly byCause: readonly { readonly cause: string; readonly minutes: number }[];
};

/**
 * A student's verified service: every attendance line of their point ledger (the host marked them
 * attended; the minutes are the duration submitted with the attendance), oldest first, with the
 * organization that hosted it (or the nonprofit named on it), the causes and the totals. Deleted
 * opportunities stay: the service happened.
 */
export const loadTranscript = async (pool: Pool, userId: string): Promise<Transcript | null> => {
  const user = await pool.query<{ name: string }>(
    `SELECT ${userNameSql('u')} AS name FROM read.users u WHERE u.id = $1`,
    [userId],
  );
  const name = user.rows[0]?.name;
  if (name === undefined) return null;
  const { rows } = await pool.query<{
    opportunity: string;
    organization: string | null;
    date: string;
    minutes: number;
    causes: string[];
  }>(
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
  );
  const byCause = new Map<string, number>();
  for (const row of rows) {
    for (const cause of row.causes) byCause.set(cause, (byCause.get(cause) ?? 0) + row.minutes);
  }
  return {
    userId,
    name,
    rows,
    totalMinutes: rows.reduce((sum, r) => sum + r.minutes, 0),
    byCause: [...byCause]
      .map(([cause, minutes]) => ({ cause, minutes }))
      .sort((a, b) => b.minutes - a.minutes || a.cause.localeCompare(b.cause)),
  };
};
