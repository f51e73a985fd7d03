import {
  toDomainEvent,
  type AwardFlag,
  type DomainEvent,
  type EventOf,
  type OpportunityHistory,
  type RecordedEvent,
  adminTexts,
} from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { userNameSql } from '../shared/sql';

const s = adminTexts.eventSummary;
const ANNOUNCEMENT_PREVIEW = 80;

/** 'durationMinutes' -> 'duration minutes'. */
const fieldWords = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const preview = (text: string) =>
  text.length > ANNOUNCEMENT_PREVIEW ? `${text.slice(0, ANNOUNCEMENT_PREVIEW).trimEnd()}…` : text;

const OPPORTUNITY_EVENT_TYPES = [
  'OpportunityCreated',
  'OpportunityUpdated',
  'OpportunityApproved',
  'OpportunityUnapproved',
  'OpportunityDeleted',
  'AnnouncementPosted',
  'AnnouncementRemoved',
  'UserSignedUp',
  'UserUnregistered',
  'AttendanceMarked',
] as const;
type OpportunityEvent = EventOf<(typeof OPPORTUNITY_EVENT_TYPES)[number]>;

const isOpportunityEvent = (event: DomainEvent): event is OpportunityEvent =>
  (OPPORTUNITY_EVENT_TYPES as readonly string[]).includes(event.type);

/** The users an event names besides its actor. */
const usersNamedBy = (event: DomainEvent): string[] => {
  switch (event.type) {
    case 'UserSignedUp':
    case 'UserUnregistered':
      return [event.data.userId];
    case 'AttendanceMarked':
      return event.data.firstSignupBonus ? [event.data.firstSignupBonus.userId] : [];
    default:
      return [];
  }
};

/** One readable line for an event of an opportunity's stream; people by their read-model names. */
export const summarize = (
  event: DomainEvent | null,
  type: string,
  nameOf: (id: string) => string,
): string => {
  // Events of other streams never land in an opportunity's; shown by type rather than failing.
  if (!event || !isOpportunityEvent(event)) return s.other(type);
  switch (event.type) {
    case 'OpportunityCreated':
      return s.created(event.data.name, event.data.approved);
    case 'OpportunityUpdated':
      return s.updated(Object.keys(event.data.changes).map(fieldWords).join(', '));
    case 'OpportunityApproved':
      return s.approved;
    case 'OpportunityUnapproved':
      return s.unapproved;
    case 'OpportunityDeleted':
      return s.deleted;
    case 'AnnouncementPosted':
      return s.announcementPosted(preview(event.data.text));
    case 'AnnouncementRemoved':
      return s.announcementRemoved;
    case 'UserSignedUp':
      return event.data.byUserId === event.data.userId
        ? s.signedUp(nameOf(event.data.userId))
        : s.signedUpBy(nameOf(event.data.userId));
    case 'UserUnregistered':
      return event.data.byUserId === event.data.userId
        ? s.unregistered(nameOf(event.data.userId), event.data.late)
        : s.unregisteredBy(nameOf(event.data.userId), event.data.late);
    case 'AttendanceMarked': {
      const { attendedUserIds, absentUserIds, durationMinutes, firstSignupBonus } = event.data;
      const line = s.attendance(attendedUserIds.length, absentUserIds.length, durationMinutes);
      return firstSignupBonus
        ? line + s.bonus(nameOf(firstSignupBonus.userId), firstSignupBonus.points)
        : line;
    }
    default: {
      const unhandled: never = event;
      return s.other((unhandled as { type: string }).type);
    }
  }
};

/**
 * The review flags of each entry (docs/product-rules.md), by folding the stream: an attendance
 * longer than the duration scheduled when it was marked, or one listing the host as attended.
 */
const flagsOfEntries = (events: readonly (DomainEvent | null)[]): AwardFlag[][] => {
  let hostUserId: string | null = null;
  let scheduled: number | null = null;
  return events.map((event) => {
    if (event?.type === 'OpportunityCreated') {
      hostUserId = event.data.hostUserId;
      scheduled = event.data.durationMinutes;
    }
    if (event?.type === 'OpportunityUpdated' && event.data.changes.durationMinutes !== undefined)
      scheduled = event.data.changes.durationMinutes;
    if (event?.type !== 'AttendanceMarked') return [];
    const flags: AwardFlag[] = [];
    if (scheduled !== null && event.data.durationMinutes > scheduled)
      flags.push('longer-than-scheduled');
    if (hostUserId !== null && event.data.attendedUserIds.includes(hostUserId))
      flags.push('host-attended');
    return flags;
  });
};

/** Names of users by id from the read model (the erased placeholder once erased). */
const loadNames = async (pool: Pool, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; name: string }>(
    `SELECT u.id::text, ${userNameSql('u')} AS name FROM read.users u WHERE u.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** An opportunity's stream as the admin audit shows it, oldest first. */
export const opportunityHistory = async (
  pool: Pool,
  opportunityId: string,
  stream: readonly RecordedEvent[],
): Promise<OpportunityHistory> => {
  const events = stream.map((stored) => ({ stored, event: toDomainEvent(stored) }));
  const ids = new Set<string>();
  for (const { stored, event } of events) {
    if (stored.metadata.actorUserId) ids.add(stored.metadata.actorUserId);
    if (event) for (const id of usersNamedBy(event)) ids.add(id);
  }
  const [names, opportunity] = await Promise.all([
    loadNames(pool, [...ids]),
    pool.query<{ name: string }>('SELECT name FROM read.opportunities WHERE id = $1', [
      opportunityId,
    ]),
  ]);
  const nameOf = (id: string) => names.get(id) ?? s.unknownUser;
  const flags = flagsOfEntries(events.map((e) => e.event));
  return {
    opportunity_id: opportunityId,
    name: opportunity.rows[0]?.name ?? null,
    entries: events.map(({ stored, event }, i) => {
      const actorId = stored.metadata.actorUserId;
      return {
        id: stored.eventId,
        at: stored.metadata.occurredAt,
        type: stored.type,
        actor_id: actorId,
        actor_name: actorId ? nameOf(actorId) : null,
        summary: summarize(event, stored.type, nameOf),
        flags: flags[i] ?? [],
      };
    }),
  };
};
