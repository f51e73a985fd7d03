import { DEFAULT_LAUNCH_DATE } from '@campus/contracts';
import { insertRows, type BulkFoldFactory } from '../bulk';
import { ledgerLinesOf, type LedgerLine } from './points-projection';

/** The ledger's columns in the order of the statement: arrays hold far fewer objects than rows. */
const LEDGER_COLUMNS = [
  ['user_id', 'uuid'],
  ['points', 'integer'],
  ['reason', 'text'],
  ['opportunity_id', 'uuid'],
  ['cause_event_id', 'uuid'],
  ['actor_user_id', 'uuid'],
  ['opportunity_date', 'date'],
  ['month', 'text'],
  ['recorded_at', 'timestamptz'],
] as const satisfies readonly (readonly [keyof LedgerLine, string])[];

/**
 * The points projection folded over the whole log (see `pointsProjection`): the ledger in log
 * order, then monthly_points and users.points summed from it in SQL, as the batch path's running
 * totals add up to. A line is unique per cause event, user and reason already: `ledgerLinesOf`
 * makes one per user and reason of an event, and each event comes once. users' rows must be there
 * first.
 */
export const pointsFold: BulkFoldFactory = ({
  logger,
  launchDate = DEFAULT_LAUNCH_DATE,
  scoring,
}) => {
  const columns = LEDGER_COLUMNS.map(() => [] as unknown[]);
  let count = 0;
  return {
    fold({ event, recorded }) {
      if (event.type !== 'AttendanceMarked') return;
      const bonus = scoring?.firstSignupBonusPoints;
      for (const line of ledgerLinesOf(event.data, recorded, logger, bonus)) {
        LEDGER_COLUMNS.forEach(([name], i) => columns[i]?.push(line[name]));
        count++;
      }
    },
    async write(client) {
      await insertRows(
        client,
        'point_ledger',
        LEDGER_COLUMNS.map(([name, type], i) => [name, type, (row: number) => columns[i]?.[row]]),
        Array.from({ length: count }, (_, row) => row),
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
