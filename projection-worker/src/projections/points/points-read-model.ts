import {
  ATTENDANCE_DURATION_MAX,
  DEFAULT_LAUNCH_DATE,
  type EventOf,
  type RecordedEvent,
} from '@campus/contracts';
import type { Logger } from '@campus/infra';
import type { Projection } from '../../projector/projection';
import { insertRows } from '../bulk';
import { projectionOf, type ReadModel } from '../evolve';
import { asJson, clampInt, pointsDateOf, pointsMonthOf, touchesAny } from '../shared';

type LedgerReason = 'attendance' | 'first_signup_bonus';

type LedgerLine = {
  user_id: string;
  points: number;
  reason: LedgerReason;
  opportunity_id: string;
  cause_event_id: string;
  actor_user_id: string | null;
  opportunity_date: string;
  month: string;
  recorded_at: string;
};

/** No single line can be worth more than the longest attendance a host may submit. */
const clampPoints = (points: number) => clampInt(points, 0, ATTENDANCE_DURATION_MAX);

/**
 * The ledger lines of one attendance: its minutes for each attended user, and the first-signup
 * bonus as a line of its own. They count in the month of the opportunity's Eastern date.
 */
export const ledgerLinesOf = (
  data: EventOf<'AttendanceMarked'>['data'],
  recorded: RecordedEvent,
  logger?: Logger,
  /** A scoring preview's bonus, instead of the one the attendance recorded. */
  bonusPoints?: number,
): LedgerLine[] => {
  const opportunityDate = pointsDateOf(data.opportunityDate, data.at);
  if (opportunityDate !== data.opportunityDate) {
    logger?.warn({ eventId: recorded.eventId }, 'attendance without a valid opportunity date');
  }
  const base = {
    opportunity_id: data.opportunityId,
    cause_event_id: recorded.eventId,
    actor_user_id: data.markedBy,
    opportunity_date: opportunityDate,
    month: pointsMonthOf(data.opportunityDate, data.at),
    recorded_at: data.at,
  };
  const minutes = clampPoints(data.durationMinutes);
  if (minutes !== data.durationMinutes) {
    logger?.warn({ eventId: recorded.eventId, minutes: data.durationMinutes }, 'minutes clamped');
  }
  const lines: LedgerLine[] = [];
  if (minutes > 0) {
    for (const userId of new Set(data.attendedUserIds)) {
      lines.push({ ...base, user_id: userId, points: minutes, reason: 'attendance' });
    }
  }
  const bonus = data.firstSignupBonus;
  const bonusWorth = bonus ? clampPoints(bonusPoints ?? bonus.points) : 0;
  if (bonus && bonusWorth > 0) {
    lines.push({
      ...base,
      user_id: bonus.userId,
      points: bonusWorth,
      reason: 'first_signup_bonus',
    });
  }
  return lines;
};

/** The ledger's columns in the order of the statements. */
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

type LedgerColumn = { readonly name: keyof LedgerLine; readonly values: unknown[] };

/**
 * The ledger lines evolved, in log order. They are held column by column (one array per column
 * holds far fewer objects than a row each, over a whole log). Totals are not held: they move in
 * SQL by the lines actually inserted, which is what keeps a reprocessed attendance from counting
 * twice.
 */
export type PointsState = {
  readonly ledger: readonly LedgerColumn[];
  count: number;
};

/** The ledger lines held, as rows, in log order. */
export const ledgerLinesHeld = ({ ledger, count }: PointsState): LedgerLine[] =>
  Array.from({ length: count }, (_, row) => {
    const line: Record<string, unknown> = {};
    for (const column of ledger) line[column.name] = column.values[row];
    return line as LedgerLine;
  });

const noLines = (): PointsState => ({
  ledger: LEDGER_COLUMNS.map(([name]) => ({ name, values: [] })),
  count: 0,
});

/**
 * read.point_ledger, read.monthly_points and read.users.points. A line is unique per cause
 * event, user and reason, and totals move only by the lines actually inserted, so a reprocessed
 * attendance adds nothing: the live path loads nothing and writes one statement per batch.
 * Points stay when an opportunity is later unapproved or deleted. Lines are inserted in log order
 * (ORDER BY their place in the batch), so ledger ids break the ledger's same-date ties as the log
 * does, as a replay's do.
 */
export const pointsModel: ReadModel<PointsState, true> = {
  name: 'points',
  tables: ['point_ledger', 'monthly_points', 'users'],
  // users' rows are the users projection's: a replay sets their points by an update over the ledger.
  loads: ['point_ledger', 'monthly_points'],
  reads: [],
  touched: touchesAny(['AttendanceMarked']),
  load: () => Promise.resolve(noLines()),
  initial: noLines,

  evolve(state, { event, recorded }, { logger, scoring }) {
    if (event.type !== 'AttendanceMarked') return;
    const bonus = scoring?.firstSignupBonusPoints;
    for (const line of ledgerLinesOf(event.data, recorded, logger, bonus)) {
      for (const column of state.ledger) column.values.push(line[column.name]);
      state.count++;
    }
  },

  async write(client, state, { launchDate = DEFAULT_LAUNCH_DATE }) {
    if (!state.count) return;
    await client.query(
      `WITH inserted AS (
         INSERT INTO point_ledger (user_id, points, reason, opportunity_id, cause_event_id,
             actor_user_id, opportunity_date, month, recorded_at)
         SELECT r.user_id, r.points, r.reason, r.opportunity_id, r.cause_event_id, r.actor_user_id,
             r.opportunity_date, r.month, r.recorded_at
           FROM json_array_elements($1::json) WITH ORDINALITY AS line(value, position),
                json_to_record(line.value) AS r(user_id uuid, points integer, reason text,
                opportunity_id uuid, cause_event_id uuid, actor_user_id uuid, opportunity_date date,
                month text, recorded_at timestamptz)
          ORDER BY line.position
         ON CONFLICT (cause_event_id, user_id, reason) DO NOTHING
         RETURNING user_id, month, points, opportunity_date
       ), totals AS (
         UPDATE users u SET points = u.points + t.points
           FROM (SELECT user_id, sum(points)::integer AS points FROM inserted GROUP BY user_id) t
          WHERE u.id = t.user_id
       )
       INSERT INTO monthly_points AS m (user_id, month, points)
       SELECT user_id, month, sum(points)::integer FROM inserted
        WHERE opportunity_date >= $2::date
        GROUP BY user_id, month
       ON CONFLICT (user_id, month) DO UPDATE SET points = m.points + EXCLUDED.points`,
      [asJson(ledgerLinesHeld(state)), launchDate],
    );
  },

  /**
   * The ledger in log order, then monthly_points and users.points summed from it in SQL, as the
   * live path's running totals add up to. A line is unique per cause event, user and reason
   * already: `ledgerLinesOf` makes one per user and reason of an event, and each event comes
   * once. users' rows must be there first.
   */
  async bulkWrite(client, state, { launchDate = DEFAULT_LAUNCH_DATE }) {
    const { ledger } = state;
    await insertRows(
      client,
      'point_ledger',
      LEDGER_COLUMNS.map(([name, type], i) => [
        name,
        type,
        (row: number) => ledger[i]?.values[row],
      ]),
      Array.from({ length: state.count }, (_, row) => row),
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

/** The live projection of the points read model, and its replay fold. */
export const pointsProjection: Projection = projectionOf(pointsModel);
