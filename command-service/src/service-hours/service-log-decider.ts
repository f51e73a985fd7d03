import {
  easternToday,
  SERVICE_LOG_MAX_AGE_DAYS,
  type Cause,
  type EventOf,
  type Sealed,
  serviceHoursTexts,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { eventTypes, type Decider } from '../decider/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';

export type ServiceLogEvent = EventOf<
  'ServiceHoursLogged' | 'ServiceHoursApproved' | 'ServiceHoursRejected'
>;

/** One log's stream (`service-log-<id>`): nothing yet, or a log waiting for its one decision. */
export type ServiceLogState =
  | { readonly status: 'none' }
  | {
      readonly status: 'pending' | 'approved' | 'rejected';
      readonly logId: string;
      /** The student who logged the hours. */
      readonly userId: string;
      readonly organizationId: string | null;
      readonly date: string;
      readonly minutes: number;
      readonly cause: Cause;
    };

/**
 * What a platform organization's stream says, as the command read it before deciding: whether it
 * exists and is not deleted, whether it is approved, and its current host.
 */
export type OrganizationFacts = {
  readonly live: boolean;
  readonly approved: boolean;
  readonly hostUserId: string | null;
};

export type ServiceLogCommand =
  | {
      readonly type: 'LogServiceHours';
      readonly logId: string;
      readonly actor: Caller;
      /** Where the service was done: a platform organization (with its facts) or an outside one. */
      readonly organization:
        | { readonly kind: 'platform'; readonly id: string; readonly facts: OrganizationFacts }
        | { readonly kind: 'outside'; readonly name: string };
      readonly date: string;
      readonly minutes: number;
      readonly cause: Cause;
      /** The description, the verifier's name and email and the photo, sealed under the actor. */
      readonly personal: Sealed;
      readonly now: Date;
    }
  | {
      readonly type: 'DecideServiceHours';
      readonly actor: Caller;
      readonly decision: 'approve' | 'reject';
      /** The current host of the log's platform organization (null: none, or an outside one). */
      readonly organizationHostUserId: string | null;
      /** { reason } sealed under the student's key; null when the student was erased. */
      readonly reason: Sealed | null;
      readonly now: Date;
    };

const errors = serviceHoursTexts.errors;
const DAY_MS = 86_400_000;

/** Days from the Eastern date `date` to the Eastern date `today` (negative: `date` is later). */
const daysBefore = (date: string, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);

/**
 * A log's date is today or earlier (Eastern time, by the clock) and at most
 * SERVICE_LOG_MAX_AGE_DAYS days back (docs/service-hours.md); 400 naming `date` otherwise.
 */
export const assertServiceDate = (date: string, now: Date) => {
  const days = daysBefore(date, easternToday(now));
  const message =
    days < 0 ? errors.futureDate : days > SERVICE_LOG_MAX_AGE_DAYS ? errors.tooOld : null;
  if (message !== null) throw new ValidationError(message, [{ field: 'date', message }]);
};

/** A platform organization must exist, not be deleted and be approved (400 naming the field). */
const assertOrganizationAccepts = (facts: OrganizationFacts) => {
  const message = !facts.live
    ? errors.organizationNotFound
    : !facts.approved
      ? errors.organizationNotApproved
      : null;
  if (message !== null) throw new ValidationError(message, [{ field: 'organization_id', message }]);
};

/**
 * Who may decide a log (docs/service-hours.md): never its student (admins included); an admin or
 * the current host of its platform organization; for an outside organization, admins only.
 */
const assertMayDecide = (
  log: Exclude<ServiceLogState, { status: 'none' }>,
  actor: Caller,
  organizationHostUserId: string | null,
) => {
  if (actor.userId === log.userId) throw new ForbiddenError(errors.ownLog);
  if (actor.admin) return;
  if (log.organizationId === null) throw new ForbiddenError(errors.outsideNeedsAdmin);
  if (organizationHostUserId === null || actor.userId !== organizationHostUserId)
    throw new ForbiddenError(errors.notVerifier);
};

/**
 * Service hours logged off the platform (docs/service-hours.md): logged once by the student for
 * themselves, then decided once (approved or rejected) by a verifier.
 */
export const serviceLogDecider: Decider<ServiceLogState, ServiceLogCommand, ServiceLogEvent> = {
  eventTypes: eventTypes<ServiceLogEvent>({
    ServiceHoursLogged: true,
    ServiceHoursApproved: true,
    ServiceHoursRejected: true,
  }),
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ServiceHoursLogged': {
        const { logId, userId, organizationId, date, minutes, cause } = event.data;
        return { status: 'pending', logId, userId, organizationId, date, minutes, cause };
      }
      case 'ServiceHoursApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'ServiceHoursRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
      default:
        return state;
    }
  },
  decide: (command, state): ServiceLogEvent[] => {
    switch (command.type) {
      case 'LogServiceHours': {
        // A fresh id per log: only a reused id could get here twice.
        if (state.status !== 'none') throw new ConflictError(errors.alreadyDecided);
        const { organization } = command;
        assertServiceDate(command.date, command.now);
        if (organization.kind === 'platform') assertOrganizationAccepts(organization.facts);
        return [
          {
            type: 'ServiceHoursLogged',
            data: {
              v: 1,
              logId: command.logId,
              userId: command.actor.userId,
              organizationId: organization.kind === 'platform' ? organization.id : null,
              outsideOrganization: organization.kind === 'outside' ? organization.name : null,
              date: command.date,
              minutes: command.minutes,
              cause: command.cause,
              personal: command.personal,
              loggedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'DecideServiceHours': {
        if (state.status === 'none') throw new NotFoundError(errors.logNotFound);
        const { actor } = command;
        assertMayDecide(state, actor, command.organizationHostUserId);
        if (state.status !== 'pending') throw new ConflictError(errors.alreadyDecided);
        // The reason is sealed under the student's key, which their erasure destroyed.
        if (command.reason === null) throw new ConflictError(errors.studentErased);
        const at = command.now.toISOString();
        const { logId, userId } = state;
        if (command.decision === 'reject')
          return [
            {
              type: 'ServiceHoursRejected',
              data: { v: 1, logId, userId, verifiedBy: actor.userId, reason: command.reason, at },
            },
          ];
        return [
          {
            type: 'ServiceHoursApproved',
            data: {
              v: 1,
              logId,
              userId,
              verifiedBy: actor.userId,
              organizationId: state.organizationId,
              date: state.date,
              minutes: state.minutes,
              cause: state.cause,
              reason: command.reason,
              at,
            },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown service log command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
