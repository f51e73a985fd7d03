import {
  ATTENDANCE_DURATION_MAX,
  DEFAULT_LAUNCH_DATE,
  type EventOf,
  type RecordedEvent,
} from '@campus/contracts';
import type { Logger } from '@campus/infra';
import type { ProjectedEvent, Projection, ProjectionContext } from '../../projector/projection';
import { insertRows } from '../bulk';
import { projectionOf, type ReadModel } from '../evolve';
import { asJson, clampInt, pointsDateOf, pointsMonthOf, storableMinutes } from '../shared';

type LedgerReason = 'attendance' | 'first_signup_bonus' | 'logged_hours';

type LedgerLine = {
  user_id: string;
  points: number;
  reason: LedgerReason;
  /** The opportunity of an attendance or bonus line; null on a logged hours line. */
  opportunity_id: string | null;
  cause_event_id: string;
  actor_user_id: string | null;
  opportunity_date: string;
  month: string;
  recorded_at: string;
  /** The log of a logged hours line (docs/service-hours.md); null on the others. */
  service_log_id: string | null;
  /** The approved minutes of a logged hours line, whatever the rule makes it worth; else null. */
  logged_minutes: number | null;
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
    service_log_id: null,
    logged_minutes: null,
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

/** What a logged hours line is worth: its minutes while the admins' rule is on, else nothing. */
const loggedWorth = (minutes: number, earnPoints: boolean) => (earnPoints ? minutes : 0);

/**
 * The ledger line of an approved log (docs/service-hours.md): its minutes, worth points only while
 * the rule is on, in the month of the service date, verified by `verifiedBy`. None for a log of
 * no minutes.
 */
export const loggedLineOf = (
  data: EventOf<'ServiceHoursApproved'>['data'],
  recorded: RecordedEvent,
  earnPoints: boolean,
  logger?: Logger,
): LedgerLine | null => {
  const serviceDate = pointsDateOf(data.date, data.at);
  const minutes = storableMinutes(data.minutes);
  if (serviceDate !== data.date || minutes !== data.minutes) {
    logger?.warn({ eventId: recorded.eventId }, 'approved service log clamped');
  }
  if (minutes <= 0) return null;
  return {
    user_id: data.userId,
    points: loggedWorth(minutes, earnPoints),
    reason: 'logged_hours',
    opportunity_id: null,
    cause_event_id: recorded.eventId,
    actor_user_id: data.verifiedBy,
    opportunity_date: serviceDate,
    month: pointsMonthOf(data.date, data.at),
    recorded_at: data.at,
    service_log_id: data.logId,
    logged_minutes: minutes,
  };
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
  ['service_log_id', 'uuid'],
  ['logged_minutes', 'integer'],
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
  /** The rows of `ledger` that are logged hours lines, re-valued when the rule changes. */
  readonly logged: number[];
  /**
   * Whether approved logged hours earn points (read.scoring_rules): the live path loads it when
   * a batch approves a log; a replay starts from off, the rule's default.
   */
  loggedHoursEarnPoints: boolean;
  /** Whether an event held here set the rule: the write stores it and re-values every line. */
  ruleSet: boolean;
};

/** The ledger lines held, as rows, in log order. */
export const ledgerLinesHeld = ({ ledger, count }: PointsState): LedgerLine[] =>
  Array.from({ length: count }, (_, row) => {
    const line: Record<string, unknown> = {};
    for (const column of ledger) line[column.name] = column.values[row];
    return line as LedgerLine;
  });

const noLines = (loggedHoursEarnPoints = false): PointsState => ({
  ledger: LEDGER_COLUMNS.map(([name]) => ({ name, values: [] })),
  count: 0,
  logged: [],
  loggedHoursEarnPoints,
  ruleSet: false,
});

const column = (state: PointsState, name: keyof LedgerLine) =>
  state.ledger.find((c) => c.name === name)?.values ?? [];

const append = (state: PointsState, line: LedgerLine) => {
  for (const c of state.ledger) c.values.push(line[c.name]);
  state.count++;
};

/** The rule the lines are worth by: a scoring preview's draft wins over the events. */
const earnsPoints = (state: PointsState, { scoring }: ProjectionContext) =>
  scoring?.loggedHoursEarnPoints ?? state.loggedHoursEarnPoints;

/** The rows a batch touches: whether it needs the stored rule (it approves a log). */
type PointsKeys = { readonly rule: boolean };

const touched = (events: readonly ProjectedEvent[]): PointsKeys | null => {
  let touches = false;
  let rule = false;
  for (const { event } of events) {
    if (event.type === 'ServiceHoursApproved') rule = true;
    if (
      event.type === 'AttendanceMarked' ||
      event.type === 'ServiceHoursApproved' ||
      event.type === 'LoggedHoursScoringChanged'
    ) {
      touches = true;
    }
  }
  return touches ? { rule } : null;
};

/**
 * Re-values every logged hours line the ledger holds by `earnPoints` (the lines held in memory
 * were re-valued by the evolve already), and moves users.points and monthly_points (from the
 * launch date) by the difference; then stores the rule. The self-join reads each line's value
 * before the update. Run twice, it finds no line to change.
 */
const REVALUE_LOGGED_LINES = `WITH revalued AS (
    UPDATE point_ledger l
       SET points = CASE WHEN $1::boolean THEN l.logged_minutes ELSE 0 END
      FROM point_ledger prior
     WHERE prior.id = l.id AND l.reason = 'logged_hours'
       AND l.points <> CASE WHEN $1::boolean THEN l.logged_minutes ELSE 0 END
    RETURNING l.user_id, l.month, l.opportunity_date, l.points - prior.points AS change
  ), totals AS (
    UPDATE users u SET points = u.points + t.change
      FROM (SELECT user_id, sum(change)::integer AS change FROM revalued GROUP BY user_id) t
     WHERE u.id = t.user_id
  ), months AS (
    INSERT INTO monthly_points AS m (user_id, month, points)
    SELECT user_id, month, sum(change)::integer FROM revalued
     WHERE opportunity_date >= $2::date
     GROUP BY user_id, month
    ON CONFLICT (user_id, month) DO UPDATE SET points = m.points + EXCLUDED.points
  )
  INSERT INTO scoring_rules (id, logged_hours_earn_points) VALUES (true, $1::boolean)
  ON CONFLICT (id) DO UPDATE SET logged_hours_earn_points = EXCLUDED.logged_hours_earn_points`;

/**
 * read.point_ledger, read.monthly_points, read.users.points and read.scoring_rules. A line is
 * unique per cause event, user and reason, and totals move only by the lines actually inserted,
 * so a reprocessed attendance or approval adds nothing: the live path loads nothing but the rule
 * (when a batch approves a log) and writes one statement per batch, and one more when the batch
 * changes the rule (every logged hours line re-valued, earlier ones too; docs/service-hours.md).
 * Points stay when an opportunity is later unapproved or deleted. Lines are inserted in log order
 * (ORDER BY their place in the batch), so ledger ids break the ledger's same-date ties as the log
 * does, as a replay's do.
 */
export const pointsModel: ReadModel<PointsState, PointsKeys> = {
  name: 'points',
  tables: ['point_ledger', 'monthly_points', 'users', 'scoring_rules'],
  // users' rows are the users projection's: a replay sets their points by an update over the ledger.
  loads: ['point_ledger', 'monthly_points', 'scoring_rules'],
  reads: [],
  touched,
  async load(client, { rule }) {
    if (!rule) return noLines();
    const { rows } = await client.query<{ earn: boolean }>(
      'SELECT logged_hours_earn_points AS earn FROM scoring_rules',
    );
    return noLines(rows[0]?.earn ?? false);
  },
  initial: () => noLines(),

  evolve(state, { event, recorded }, context) {
    switch (event.type) {
      case 'AttendanceMarked': {
        const bonus = context.scoring?.firstSignupBonusPoints;
        for (const line of ledgerLinesOf(event.data, recorded, context.logger, bonus)) {
          append(state, line);
        }
        break;
      }
      case 'ServiceHoursApproved': {
        const line = loggedLineOf(
          event.data,
          recorded,
          earnsPoints(state, context),
          context.logger,
        );
        if (!line) break;
        state.logged.push(state.count);
        append(state, line);
        break;
      }
      case 'LoggedHoursScoringChanged': {
        state.loggedHoursEarnPoints = event.data.earnPoints;
        state.ruleSet = true;
        const earnPoints = earnsPoints(state, context);
        const points = column(state, 'points');
        const minutes = column(state, 'logged_minutes');
        for (const row of state.logged)
          points[row] = loggedWorth(minutes[row] as number, earnPoints);
        break;
      }
      default:
        break;
    }
  },

  async write(client, state, context) {
    const { launchDate = DEFAULT_LAUNCH_DATE } = context;
    if (state.ruleSet) {
      await client.query(REVALUE_LOGGED_LINES, [earnsPoints(state, context), launchDate]);
    }
    if (!state.count) return;
    await client.query(
      `WITH inserted AS (
         INSERT INTO point_ledger (user_id, points, reason, opportunity_id, cause_event_id,
             actor_user_id, opportunity_date, month, recorded_at, service_log_id, logged_minutes)
         SELECT r.user_id, r.points, r.reason, r.opportunity_id, r.cause_event_id, r.actor_user_id,
             r.opportunity_date, r.month, r.recorded_at, r.service_log_id, r.logged_minutes
           FROM json_array_elements($1::json) WITH ORDINALITY AS line(value, position),
                json_to_record(line.value) AS r(user_id uuid, points integer, reason text,
                opportunity_id uuid, cause_event_id uuid, actor_user_id uuid, opportunity_date date,
                month text, recorded_at timestamptz, service_log_id uuid, logged_minutes integer)
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
   * once. users' rows must be there first. The rule is stored once an event set it, as the live
   * path stores it.
   */
  async bulkWrite(client, state, context) {
    const { launchDate = DEFAULT_LAUNCH_DATE } = context;
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
    if (state.ruleSet) {
      await client.query(
        'INSERT INTO scoring_rules (id, logged_hours_earn_points) VALUES (true, $1::boolean)',
        [earnsPoints(state, context)],
      );
    }
  },
};

/** The live projection of the points read model, and its replay fold. */
export const pointsProjection: Projection = projectionOf(pointsModel);
