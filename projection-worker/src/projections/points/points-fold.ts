import { DEFAULT_LAUNCH_DATE } from '@campus/contracts';
import { insertRows, type BulkFoldFactory } from '../bulk';
import { ledgerLinesOf, type LedgerLine } from './points-projection';

/**
 * The points projection folded over the whole log (see `pointsProjection`): the ledger in log
 * order (one line per cause event, user and reason), then monthly_points and users.points summed
 * from it in SQL, as the batch path's running totals add up to. users' rows must be there first.
 */
export const pointsFold: BulkFoldFactory = ({
  logger,
  launchDate = DEFAULT_LAUNCH_DATE,
  scoring,
}) => {
  const lines: LedgerLine[] = [];
  const seen = new Set<string>();
  return {
    fold({ event, recorded }) {
      if (event.type !== 'AttendanceMarked') return;
      for (const line of ledgerLinesOf(
        event.data,
        recorded,
        logger,
        scoring?.firstSignupBonusPoints,
      )) {
        const key = `${line.cause_event_id}|${line.user_id}|${line.reason}`;
        if (seen.has(key)) continue;
        seen.add(key);
        lines.push(line);
      }
    },
    async write(client) {
      await insertRows(
        client,
        'point_ledger',
        [
          ['user_id', 'uuid', (r) => r.user_id],
          ['points', 'integer', (r) => r.points],
          ['reason', 'text', (r) => r.reason],
          ['opportunity_id', 'uuid', (r) => r.opportunity_id],
          ['cause_event_id', 'uuid', (r) => r.cause_event_id],
          ['actor_user_id', 'uuid', (r) => r.actor_user_id],
          ['opportunity_date', 'date', (r) => r.opportunity_date],
          ['month', 'text', (r) => r.month],
          ['recorded_at', 'timestamptz', (r) => r.recorded_at],
        ],
        lines,
      );
      await client.query(
        `INSERT INTO monthly_points (user_id, month, points)
         SELECT user_id, month, sum(points)::integer FROM point_ledger
          WHERE opportunity_date >= $1::date GROUP BY user_id, month`,
        [launchDate],
      );
      await client.query(
        `UPDATE users u SET points = t.points
           FROM (SELECT user_id, sum(points)::integer AS points FROM point_ledger GROUP BY user_id) t
          WHERE u.id = t.user_id`,
      );
    },
  };
};
