import { ATTENDANCE_DURATION_MAX, instantToEastern, isValidDate } from '@campus/contracts';
import type { Logger } from '@campus/infra';
import { insertRows } from '../bulk';
import { projectionOf, Rows, type ReadModel } from '../evolve';
import { asJson, clampInt, pointsDateOf } from '../shared';
import { storableText } from '../users/stored-text';

/** An opportunity as the dashboard knows it from its own events. */
export type ImpactOpportunityRow = {
  id: string;
  name: string;
  organization_id: string | null;
  causes: string[];
  /** Who is registered now (signed up, not withdrawn), in the order they signed up. */
  registered: string[];
};

/** One person's service: an attendance they were present at, or an approved log of theirs. */
export type ServiceFact = {
  /** The AttendanceMarked event, or the log. */
  readonly source_id: string;
  readonly user_id: string;
  readonly opportunity_id: string | null;
  readonly organization_id: string | null;
  readonly causes: readonly string[];
  /** The Eastern date of the service. */
  readonly service_date: string;
  readonly minutes: number;
  readonly recorded_at: string;
};

/** A person registered when an attendance was marked, present or not. */
export type RegistrationFact = {
  readonly source_id: string;
  readonly user_id: string;
  readonly opportunity_id: string;
  readonly organization_id: string | null;
  readonly service_date: string;
  readonly attended: boolean;
  readonly recorded_at: string;
};

export type ImpactPersonRow = { user_id: string; academic_level: string | null };

/**
 * The dashboard's rows: opportunities and people are rows the live path loads or upserts; facts
 * are only ever added, so the state holds those evolved here (the live path: its batch's; a
 * replay: all) and their inserts keep a row already there.
 */
export type ImpactState = {
  readonly opportunities: Rows<ImpactOpportunityRow>;
  readonly people: Rows<ImpactPersonRow>;
  readonly service: ServiceFact[];
  readonly registrations: RegistrationFact[];
  /** The logs whose approval was evolved here: a second approval of one adds nothing. */
  readonly approvedLogs: Set<string>;
};

/** The opportunities a batch reads or changes (null: a batch of nothing the dashboard counts). */
type ImpactKeys = { readonly opportunityIds: readonly string[] };

/** Minutes a fact holds: at most the longest attendance a host may submit, as the ledger. */
const storableMinutes = (minutes: number) => clampInt(minutes, 0, ATTENDANCE_DURATION_MAX);

/** An academic level as the dashboard groups it: trimmed, storable; null when empty. */
export const academicLevelOf = (level: string | null): string | null => {
  const text = level === null ? '' : storableText(level).text.trim();
  return text || null;
};

const noRows = (opportunities: Rows<ImpactOpportunityRow> = new Rows()): ImpactState => ({
  opportunities,
  people: new Rows(),
  service: [],
  registrations: [],
  approvedLogs: new Set(),
});

const known = (
  { opportunities }: ImpactState,
  id: string,
  eventId: string,
  what: string,
  logger: Logger,
) => {
  const row = opportunities.get(id);
  if (!row)
    logger.warn({ eventId, opportunityId: id }, `${what} of an unknown opportunity skipped`);
  return row;
};

/** The Eastern date of a log's service: its date, else the day it was approved. */
const loggedDateOf = (date: string, at: string): string =>
  isValidDate(date) ? date : instantToEastern(new Date(at)).date;

const OPPORTUNITY_RECORD = `id uuid, name text, organization_id uuid, causes text[],
  registered uuid[]`;

/** A Postgres array literal of texts, each quoted (COPY's own escaping goes on top). */
const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * read.impact_opportunities, read.impact_service, read.impact_registrations and
 * read.impact_people: the facts the impact dashboard counts (docs/impact.md), from the events
 * alone. An attendance gives each person present its minutes, with the opportunity's organization
 * and causes as this model knows them when it was marked, and each person registered then a
 * registration, present or not (the no-show rate); an approved log gives its student its minutes,
 * organization (or none) and cause. A person's academic level is the one they registered with
 * (none once erased). Facts are inserted once per source and person, so a batch applied twice
 * changes nothing.
 */
export const impactModel: ReadModel<ImpactState, ImpactKeys> = {
  name: 'impact',
  tables: ['impact_opportunities', 'impact_service', 'impact_registrations', 'impact_people'],
  reads: [],

  touched(events) {
    const opportunityIds = new Set<string>();
    let touches = false;
    for (const { event } of events) {
      switch (event.type) {
        case 'OpportunityCreated':
        case 'OpportunityUpdated':
        case 'UserSignedUp':
        case 'UserUnregistered':
        case 'AttendanceMarked':
          opportunityIds.add(event.data.opportunityId);
          touches = true;
          break;
        case 'UserRegistered':
        case 'UserErased':
        case 'ServiceHoursApproved':
          touches = true;
          break;
        default:
          break;
      }
    }
    return touches ? { opportunityIds: [...opportunityIds] } : null;
  },

  async load(client, { opportunityIds }) {
    if (!opportunityIds.length) return noRows();
    const { rows } = await client.query<ImpactOpportunityRow>(
      `SELECT id::text, name, organization_id::text, causes, registered::text[] AS registered
         FROM impact_opportunities WHERE id = ANY($1::uuid[])`,
      [opportunityIds],
    );
    return noRows(new Rows(rows.map((r) => [r.id, r] as const)));
  },

  initial: () => noRows(),

  evolve(state, { event, recorded }, { logger }) {
    const { opportunities, people } = state;
    const eventId = recorded.eventId;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, academicLevel } = event.data;
        people.set(userId, { user_id: userId, academic_level: academicLevelOf(academicLevel) });
        break;
      }
      case 'UserErased':
        people.set(event.data.userId, { user_id: event.data.userId, academic_level: null });
        break;
      case 'OpportunityCreated': {
        const d = event.data;
        // Already there: a reprocessed creation must not undo later edits.
        if (opportunities.has(d.opportunityId)) break;
        opportunities.set(d.opportunityId, {
          id: d.opportunityId,
          name: storableText(d.name).text,
          organization_id: d.hostOrgId,
          causes: [...d.causes],
          registered: [],
        });
        break;
      }
      case 'OpportunityUpdated': {
        const { opportunityId, changes } = event.data;
        if (changes.name === undefined && changes.causes === undefined) break;
        const row = known(state, opportunityId, eventId, 'update', logger);
        if (!row) break;
        if (changes.name !== undefined) row.name = storableText(changes.name).text;
        if (changes.causes !== undefined) row.causes = [...changes.causes];
        opportunities.touch(row.id);
        break;
      }
      case 'UserSignedUp': {
        const row = known(state, event.data.opportunityId, eventId, 'signup', logger);
        if (!row || row.registered.includes(event.data.userId)) break;
        row.registered.push(event.data.userId);
        opportunities.touch(row.id);
        break;
      }
      case 'UserUnregistered': {
        const row = known(state, event.data.opportunityId, eventId, 'withdrawal', logger);
        if (!row?.registered.includes(event.data.userId)) break;
        row.registered = row.registered.filter((id) => id !== event.data.userId);
        opportunities.touch(row.id);
        break;
      }
      case 'AttendanceMarked': {
        const d = event.data;
        const row = known(state, d.opportunityId, eventId, 'attendance', logger);
        const serviceDate = pointsDateOf(d.opportunityDate, d.at);
        const organizationId = row?.organization_id ?? null;
        const minutes = storableMinutes(d.durationMinutes);
        const present = new Set(d.attendedUserIds);
        const causes = row ? [...row.causes] : [];
        if (minutes > 0) {
          for (const userId of present) {
            state.service.push({
              source_id: eventId,
              user_id: userId,
              opportunity_id: d.opportunityId,
              organization_id: organizationId,
              causes,
              service_date: serviceDate,
              minutes,
              recorded_at: d.at,
            });
          }
        }
        for (const userId of row?.registered ?? []) {
          state.registrations.push({
            source_id: eventId,
            user_id: userId,
            opportunity_id: d.opportunityId,
            organization_id: organizationId,
            service_date: serviceDate,
            attended: present.has(userId),
            recorded_at: d.at,
          });
        }
        break;
      }
      case 'ServiceHoursApproved': {
        const d = event.data;
        if (state.approvedLogs.has(d.logId)) break;
        state.approvedLogs.add(d.logId);
        const minutes = storableMinutes(d.minutes);
        if (minutes === 0) break;
        state.service.push({
          source_id: d.logId,
          user_id: d.userId,
          opportunity_id: null,
          organization_id: d.organizationId,
          causes: [d.cause],
          service_date: loggedDateOf(d.date, d.at),
          minutes,
          recorded_at: d.at,
        });
        break;
      }
      default:
        break;
    }
  },

  async write(client, { opportunities, people, service, registrations }) {
    const changed = opportunities.changedRows();
    if (changed.length) {
      await client.query(
        `INSERT INTO impact_opportunities AS o (id, name, organization_id, causes, registered)
         SELECT r.id, r.name, r.organization_id, r.causes, r.registered
           FROM json_to_recordset($1::json) AS r(${OPPORTUNITY_RECORD})
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, causes = EXCLUDED.causes,
            registered = EXCLUDED.registered`,
        [asJson(changed)],
      );
    }
    const persons = people.changedRows();
    if (persons.length) {
      await client.query(
        `INSERT INTO impact_people (user_id, academic_level)
         SELECT r.user_id, r.academic_level
           FROM json_to_recordset($1::json) AS r(user_id uuid, academic_level text)
         ON CONFLICT (user_id) DO UPDATE SET academic_level = EXCLUDED.academic_level`,
        [asJson(persons)],
      );
    }
    if (service.length) {
      await client.query(
        `INSERT INTO impact_service (source_id, user_id, opportunity_id, organization_id, causes,
            service_date, minutes, recorded_at)
         SELECT r.source_id, r.user_id, r.opportunity_id, r.organization_id, r.causes,
            r.service_date, r.minutes, r.recorded_at
           FROM json_to_recordset($1::json) AS r(source_id uuid, user_id uuid,
                opportunity_id uuid, organization_id uuid, causes text[], service_date date,
                minutes integer, recorded_at timestamptz)
         ON CONFLICT (source_id, user_id) DO NOTHING`,
        [asJson(service)],
      );
    }
    if (registrations.length) {
      await client.query(
        `INSERT INTO impact_registrations (source_id, user_id, opportunity_id, organization_id,
            service_date, attended, recorded_at)
         SELECT r.source_id, r.user_id, r.opportunity_id, r.organization_id, r.service_date,
            r.attended, r.recorded_at
           FROM json_to_recordset($1::json) AS r(source_id uuid, user_id uuid,
                opportunity_id uuid, organization_id uuid, service_date date, attended boolean,
                recorded_at timestamptz)
         ON CONFLICT (source_id, user_id) DO NOTHING`,
        [asJson(registrations)],
      );
    }
  },

  async bulkWrite(client, { opportunities, people, service, registrations }) {
    await insertRows(
      client,
      'impact_opportunities',
      [
        ['id', 'uuid', (r) => r.id],
        ['name', 'text', (r) => r.name],
        ['organization_id', 'uuid', (r) => r.organization_id],
        ['causes', 'text[]', (r) => arrayLiteral(r.causes)],
        ['registered', 'uuid[]', (r) => arrayLiteral(r.registered)],
      ],
      [...opportunities.values()],
    );
    await insertRows(
      client,
      'impact_people',
      [
        ['user_id', 'uuid', (r) => r.user_id],
        ['academic_level', 'text', (r) => r.academic_level],
      ],
      [...people.values()],
    );
    await insertRows(
      client,
      'impact_service',
      [
        ['source_id', 'uuid', (r) => r.source_id],
        ['user_id', 'uuid', (r) => r.user_id],
        ['opportunity_id', 'uuid', (r) => r.opportunity_id],
        ['organization_id', 'uuid', (r) => r.organization_id],
        ['causes', 'text[]', (r) => arrayLiteral(r.causes)],
        ['service_date', 'date', (r) => r.service_date],
        ['minutes', 'integer', (r) => r.minutes],
        ['recorded_at', 'timestamptz', (r) => r.recorded_at],
      ],
      service,
    );
    await insertRows(
      client,
      'impact_registrations',
      [
        ['source_id', 'uuid', (r) => r.source_id],
        ['user_id', 'uuid', (r) => r.user_id],
        ['opportunity_id', 'uuid', (r) => r.opportunity_id],
        ['organization_id', 'uuid', (r) => r.organization_id],
        ['service_date', 'date', (r) => r.service_date],
        ['attended', 'boolean', (r) => r.attended],
        ['recorded_at', 'timestamptz', (r) => r.recorded_at],
      ],
      registrations,
    );
  },
};

export const impactProjection = projectionOf(impactModel);
