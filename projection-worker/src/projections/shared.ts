import {
  ATTENDANCE_DURATION_MAX,
  instantToEastern,
  isValidDate,
  monthOf,
  type EventType,
  type RecordedEvent,
} from '@campus/contracts';
import type { ProjectedEvent } from '../projector/projection';

/** Largest value of a Postgres integer column: clamp to it instead of failing the batch. */
export const MAX_INT4 = 2_147_483_647;

export const clampInt = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Math.trunc(value)));

/**
 * The minutes of logged service a row and a ledger line hold: at most what a command accepts, the
 * longest attendance (docs/service-hours.md).
 */
export const storableMinutes = (minutes: number): number =>
  clampInt(minutes, 0, ATTENDANCE_DURATION_MAX);

/** When the event happened: the command's clock (occurredAt), else when the store recorded it. */
export const eventTime = (recorded: RecordedEvent): string => {
  const occurred = recorded.metadata.occurredAt;
  return typeof occurred === 'string' && !Number.isNaN(Date.parse(occurred))
    ? occurred
    : recorded.recordedAt;
};

/** Rows as one JSON parameter, expanded server side with json_to_recordset (one statement per table). */
export const asJson = (rows: readonly object[]): string => JSON.stringify(rows);

/** The Eastern date points count on: the attendance's opportunity date, else the day it was marked. */
export const pointsDateOf = (opportunityDate: string, markedAt: string): string =>
  isValidDate(opportunityDate) ? opportunityDate : instantToEastern(new Date(markedAt)).date;

/** The monthly board ('YYYY-MM', Eastern) an attendance's points count in. */
export const pointsMonthOf = (opportunityDate: string, markedAt: string): string =>
  monthOf(pointsDateOf(opportunityDate, markedAt));

export const unique = <T>(items: Iterable<T>): T[] => [...new Set(items)];

/** A timestamptz column selected as ISO 8601 UTC text, named after the column. */
export const isoText = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ${column.split('.').at(-1) ?? column}`;

/**
 * The `touched` of a read model whose live path loads no rows (its write is an upsert or insert
 * that lands on the right row whatever the table holds): whether the batch holds any event of
 * `types`.
 */
export const touchesAny = (
  types: readonly EventType[],
): ((events: readonly ProjectedEvent[]) => true | null) => {
  const handled: ReadonlySet<string> = new Set(types);
  return (events) => (events.some(({ event }) => handled.has(event.type)) ? true : null);
};
