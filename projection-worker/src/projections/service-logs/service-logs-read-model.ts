import {
  monthOf,
  serviceHoursPersonalSchema,
  serviceHoursReasonSchema,
  type Sealed,
  type ServiceLogStatus,
} from '@campus/contracts';
import type { PoolClient } from '@campus/infra';
import type { ProjectedEvent, ProjectionContext } from '../../projector/projection';
import { insertRows } from '../bulk';
import { projectionOf, Rows, type ReadModel } from '../evolve';
import { asJson, isoText, pointsDateOf, storableMinutes } from '../shared';
import { clampLog } from '../users/stored-text';

/** A row of read.service_logs as the table holds it (personal fields opened, or null). */
export type ServiceLogRow = {
  id: string;
  user_id: string;
  organization_id: string | null;
  outside_organization: string | null;
  service_date: string;
  month: string;
  minutes: number;
  cause: string;
  description: string | null;
  verifier_name: string | null;
  verifier_email: string | null;
  photo: string | null;
  status: ServiceLogStatus;
  logged_at: string;
  decided_at: string | null;
  decided_by: string | null;
  reason: string | null;
  erased: boolean;
};

/**
 * A log held by the evolve: its row, and the sealed blobs it has not opened yet (the evolve does
 * no I/O: the write opens them through the vault into the row's personal columns).
 */
export type HeldLog = {
  readonly row: ServiceLogRow;
  /** The sealed description, verifier and photo of a log evolved here; null once opened or erased. */
  personal: Sealed | null;
  /** The sealed reason of a decision evolved here; null once opened or erased. */
  reason: Sealed | null;
};

export type ServiceLogsState = {
  readonly logs: Rows<HeldLog>;
  /** The ids of the logs held, by student (an erasure clears every log of its student). */
  readonly byUser: Map<string, Set<string>>;
};

/** The logs a batch names, and the students it erases (whose logs it must hold). */
type ServiceLogsKeys = { readonly logIds: readonly string[]; readonly userIds: readonly string[] };

const remember = ({ byUser }: ServiceLogsState, row: ServiceLogRow) => {
  const ids = byUser.get(row.user_id);
  if (ids) ids.add(row.id);
  else byUser.set(row.user_id, new Set([row.id]));
};

const stateOf = (loaded: readonly ServiceLogRow[] = []): ServiceLogsState => {
  const state: ServiceLogsState = {
    logs: new Rows(loaded.map((row) => [row.id, { row, personal: null, reason: null }] as const)),
    byUser: new Map(),
  };
  for (const row of loaded) remember(state, row);
  return state;
};

/** The personal columns: null once the student is erased (docs/service-hours.md). */
const PERSONAL_COLUMNS = [
  'description',
  'verifier_name',
  'verifier_email',
  'photo',
  'reason',
] as const satisfies readonly (keyof ServiceLogRow)[];

/** The table's columns with their Postgres types, in the order of the statements. */
const COLUMNS = [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['organization_id', 'uuid'],
  ['outside_organization', 'text'],
  ['service_date', 'date'],
  ['month', 'text'],
  ['minutes', 'integer'],
  ['cause', 'text'],
  ['description', 'text'],
  ['verifier_name', 'text'],
  ['verifier_email', 'text'],
  ['photo', 'text'],
  ['status', 'text'],
  ['logged_at', 'timestamptz'],
  ['decided_at', 'timestamptz'],
  ['decided_by', 'uuid'],
  ['reason', 'text'],
  ['erased', 'boolean'],
] as const satisfies readonly (readonly [keyof ServiceLogRow, string])[];

/** The rows given as one JSON parameter, each written whole (a row changes as a whole). */
const UPSERT_LOGS = `INSERT INTO service_logs (${COLUMNS.map(([name]) => name).join(', ')})
  SELECT ${COLUMNS.map(([name]) => `r.${name}`).join(', ')}
    FROM json_to_recordset($1::json)
         AS r(${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${COLUMNS.filter(([name]) => name !== 'id')
    .map(([name]) => `${name} = EXCLUDED.${name}`)
    .join(', ')}`;

const touched = (events: readonly ProjectedEvent[]): ServiceLogsKeys | null => {
  const logIds = new Set<string>();
  const userIds = new Set<string>();
  for (const { event } of events) {
    switch (event.type) {
      case 'ServiceHoursLogged':
      case 'ServiceHoursApproved':
      case 'ServiceHoursRejected':
        logIds.add(event.data.logId);
        break;
      case 'UserErased':
        userIds.add(event.data.userId);
        break;
      default:
        break;
    }
  }
  return logIds.size || userIds.size ? { logIds: [...logIds], userIds: [...userIds] } : null;
};

const load = async (client: PoolClient, keys: ServiceLogsKeys): Promise<ServiceLogsState> => {
  const { rows } = await client.query<ServiceLogRow>(
    `SELECT id::text, user_id::text, organization_id::text, outside_organization,
            to_char(service_date, 'YYYY-MM-DD') AS service_date, month, minutes, cause,
            description, verifier_name, verifier_email, photo, status, ${isoText('logged_at')},
            ${isoText('decided_at')}, decided_by::text, reason, erased
       FROM service_logs
      WHERE id = ANY($1::uuid[]) OR user_id = ANY($2::uuid[])`,
    [keys.logIds, keys.userIds],
  );
  return stateOf(rows);
};

/**
 * The rows of `held` as the table stores them: each sealed blob opened through the vault (one
 * query for the keys of them all); a subject whose key is gone opens to null, and so is stored.
 * Text Postgres cannot store (NUL, unpaired surrogates) is replaced, with a warning naming the
 * fields only.
 */
const openRows = async (
  held: readonly HeldLog[],
  { vault, logger }: ProjectionContext,
): Promise<ServiceLogRow[]> => {
  const subjects = held.flatMap((log) => [log.personal?.subject, log.reason?.subject]);
  await vault.prefetch(subjects.filter((s): s is string => s !== undefined));
  return Promise.all(
    held.map(async (log) => {
      const row = { ...log.row };
      const { fields, keep } = clampLog();
      if (log.personal) {
        const personal = await vault.open(log.personal, serviceHoursPersonalSchema);
        row.description = keep('description', personal?.description ?? null);
        row.verifier_name = keep('verifier_name', personal?.verifierName ?? null);
        row.verifier_email = keep('verifier_email', personal?.verifierEmail ?? null);
        row.photo = keep('photo', personal?.photo ?? null);
      }
      if (log.reason) {
        const opened = await vault.open(log.reason, serviceHoursReasonSchema);
        row.reason = keep('reason', opened?.reason ?? null);
      }
      if (fields.length) logger.warn({ logId: row.id, fields }, 'service log text clamped');
      return row;
    }),
  );
};

/**
 * read.service_logs: one row per log of service done off the platform (docs/service-hours.md),
 * from ServiceHoursLogged, decided once by ServiceHoursApproved or ServiceHoursRejected; a
 * UserErased drops the personal fields of the student's logs. The evolve holds the sealed
 * personal data as it comes; the write opens it through the vault. The live path loads the logs a
 * batch names and those of the students it erases, and upserts the rows it changed.
 */
export const serviceLogsModel: ReadModel<ServiceLogsState, ServiceLogsKeys> = {
  name: 'service-logs',
  tables: ['service_logs'],
  reads: [],
  touched,
  load,
  initial: () => stateOf(),

  evolve(state, { event, recorded }, { logger }) {
    const { logs, byUser } = state;
    switch (event.type) {
      case 'ServiceHoursLogged': {
        const d = event.data;
        // Already there: a reprocessed log must not undo its decision.
        if (logs.has(d.logId)) break;
        const serviceDate = pointsDateOf(d.date, d.loggedAt);
        const minutes = storableMinutes(d.minutes);
        const { fields, keep } = clampLog();
        const row: ServiceLogRow = {
          id: d.logId,
          user_id: d.userId,
          organization_id: d.organizationId,
          outside_organization:
            d.organizationId === null ? keep('outside_organization', d.outsideOrganization) : null,
          service_date: serviceDate,
          month: monthOf(serviceDate),
          minutes,
          cause: d.cause,
          description: null,
          verifier_name: null,
          verifier_email: null,
          photo: null,
          status: 'pending',
          logged_at: d.loggedAt,
          decided_at: null,
          decided_by: null,
          reason: null,
          erased: false,
        };
        if (serviceDate !== d.date) fields.push('date');
        if (minutes !== d.minutes) fields.push('minutes');
        if (fields.length) {
          logger.warn({ eventId: recorded.eventId, fields }, 'service log clamped');
        }
        logs.set(d.logId, { row, personal: d.personal, reason: null });
        remember(state, row);
        break;
      }
      case 'ServiceHoursApproved':
      case 'ServiceHoursRejected': {
        const d = event.data;
        const log = logs.get(d.logId);
        if (!log) {
          logger.warn({ eventId: recorded.eventId }, 'decision on an unknown service log skipped');
          break;
        }
        const status = event.type === 'ServiceHoursApproved' ? 'approved' : 'rejected';
        const { row } = log;
        if (row.status !== 'pending') {
          // The same decision again (a reprocessed batch) changes nothing; another one is refused:
          // a log is decided once.
          const same =
            row.status === status &&
            row.decided_by === d.verifiedBy &&
            Date.parse(row.decided_at ?? '') === Date.parse(d.at);
          if (!same) {
            logger.warn({ eventId: recorded.eventId }, 'second decision on a service log skipped');
          }
          break;
        }
        row.status = status;
        row.decided_at = d.at;
        row.decided_by = d.verifiedBy;
        // An erased student's reason stays unreadable, whatever a key cache still holds.
        log.reason = row.erased ? null : d.reason;
        logs.touch(d.logId);
        break;
      }
      case 'UserErased':
        for (const id of byUser.get(event.data.userId) ?? []) {
          const log = logs.get(id);
          if (!log) continue;
          for (const column of PERSONAL_COLUMNS) log.row[column] = null;
          log.row.erased = true;
          log.personal = null;
          log.reason = null;
          logs.touch(id);
        }
        break;
      default:
        break;
    }
  },

  async write(client, { logs }, context) {
    const changed = logs.changedRows();
    if (!changed.length) return;
    await client.query(UPSERT_LOGS, [asJson(await openRows(changed, context))]);
  },

  async bulkWrite(client, { logs }, context) {
    const rows = await openRows([...logs.values()], context);
    await insertRows(
      client,
      'service_logs',
      COLUMNS.map(([name, type]) => [name, type, (row: ServiceLogRow) => row[name]] as const),
      rows,
    );
  },
};

export const serviceLogsProjection = projectionOf(serviceLogsModel);
