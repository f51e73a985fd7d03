import {
  easternToInstant,
  FIRST_SIGNUP_BONUS_POINTS,
  hasStarted,
  isUnregistrationOpen,
  opportunityMessages,
  slotsLeft,
  texts,
  type OpportunityCreated,
  type OpportunityDetails,
  type UpdateOpportunity,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import type { Decider } from '../decider/decider';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OpportunityFullError,
  ValidationError,
} from '../errors';
import {
  decideWaitlist,
  promoteFromWaitlist,
  type WaitlistCommand,
} from '../waitlist/waitlist-decider';
import {
  evolveOpportunity,
  initialOpportunityState,
  isHostOrAdmin,
  live,
  opportunityEventTypes,
  type LiveOpportunity,
  type OpportunityEvent,
  type OpportunityState,
} from './opportunity-state';

export type OpportunityCommand =
  | {
      readonly type: 'CreateOpportunity';
      readonly opportunity: OpportunityCreated;
      readonly now: Date;
    }
  | {
      readonly type: 'UpdateOpportunity';
      readonly actor: Caller;
      readonly edit: UpdateOpportunity;
      readonly now: Date;
      /** Ids for announcements added through the `comments` list. */
      readonly newId: () => string;
    }
  | { readonly type: 'DeleteOpportunity'; readonly actor: Caller }
  | { readonly type: 'SetOpportunityApproval'; readonly actor: Caller; readonly approved: boolean }
  | {
      readonly type: 'PostAnnouncement';
      readonly actor: Caller;
      readonly announcementId: string;
      readonly text: string;
      readonly now: Date;
    }
  | {
      readonly type: 'SignUpForOpportunity';
      readonly actor: Caller;
      readonly userId: string;
      /** The organizations (of those looked up for the visibility list) that the user belongs to. */
      readonly userOrganizationIds: ReadonlySet<string>;
      readonly now: Date;
    }
  | {
      readonly type: 'UnregisterFromOpportunity';
      readonly actor: Caller;
      readonly userId: string;
      readonly now: Date;
    }
  | {
      readonly type: 'MarkAttendance';
      readonly actor: Caller;
      readonly userIds: readonly string[];
      readonly durationMinutes: number;
      readonly now: Date;
    }
  | WaitlistCommand;

const requireHostOrAdmin = (actor: Caller, state: OpportunityState, action: string) => {
  if (!isHostOrAdmin(actor, state))
    throw new ForbiddenError(`Only the host or an admin can ${action}.`);
};

const integrity = texts.opportunities.integrity;

/**
 * A start is always in the future when it is set (docs/product-rules.md), so nobody reaches
 * "started" by editing: 400 naming `date`, or `time` when only the time moved.
 */
export const assertStartInFuture = (
  startsAt: string,
  now: Date,
  changed: { date?: string | undefined; time?: string | undefined },
) => {
  if (!hasStarted(now, startsAt)) return;
  const field = changed.date === undefined && changed.time !== undefined ? 'time' : 'date';
  throw new ValidationError(integrity.startInPast, [{ field, message: integrity.startInPast }]);
};

/** The fields attendance was awarded against; fixed once it is marked. */
const scheduleFields = ['date', 'time', 'startsAt', 'durationMinutes'] as const;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The detail fields an edit really changes; a new date or time also moves `startsAt`. */
const changedDetails = (
  current: OpportunityDetails,
  edit: UpdateOpportunity,
): Partial<OpportunityDetails> => {
  const changes: Partial<OpportunityDetails> = {};
  const wanted: Partial<OpportunityDetails> = {
    ...edit.details,
    ...(edit.totalSlots !== undefined ? { totalSlots: edit.totalSlots } : {}),
  };
  for (const key of Object.keys(wanted) as (keyof OpportunityDetails)[]) {
    if (!sameValue(wanted[key], current[key])) Object.assign(changes, { [key]: wanted[key] });
  }
  if (changes.date !== undefined || changes.time !== undefined) {
    const startsAt = easternToInstant(
      changes.date ?? current.date,
      changes.time ?? current.time,
    ).toISOString();
    if (startsAt !== current.startsAt) changes.startsAt = startsAt;
  }
  return changes;
};

/**
 * The full `comments` list of PUT /opps/{id} (docs/product-rules.md) as the announcements it adds or removes:
 * each current announcement whose text is still listed is kept (one listed text keeps one
 * announcement); the rest are removed; listed texts left over are posted, in their order.
 */
const announcementChanges = (
  state: LiveOpportunity,
  comments: readonly string[],
  actor: Caller,
  now: Date,
  newId: () => string,
): OpportunityEvent[] => {
  const remaining = [...comments];
  const events: OpportunityEvent[] = [];
  for (const announcement of state.announcements) {
    const index = remaining.indexOf(announcement.text);
    if (index >= 0) remaining.splice(index, 1);
    else
      events.push({
        type: 'AnnouncementRemoved',
        data: {
          v: 1,
          opportunityId: state.opportunityId,
          announcementId: announcement.id,
        },
      });
  }
  for (const text of remaining) {
    events.push({
      type: 'AnnouncementPosted',
      data: {
        v: 1,
        opportunityId: state.opportunityId,
        announcementId: newId(),
        text,
        postedBy: actor.userId,
        postedAt: now.toISOString(),
      },
    });
  }
  return events;
};

const decideUpdate = (
  command: Extract<OpportunityCommand, { type: 'UpdateOpportunity' }>,
  state: OpportunityState,
): OpportunityEvent[] => {
  const opportunity = live(state);
  const { actor, edit } = command;
  requireHostOrAdmin(actor, opportunity, 'edit this opportunity');
  const approvalChanges = edit.approved !== undefined && edit.approved !== opportunity.approved;
  if (approvalChanges && !actor.admin)
    throw new ForbiddenError('Only admins can approve or unapprove opportunities.');
  const changes = changedDetails(opportunity.details, edit);
  if (opportunity.attendanceMarked && scheduleFields.some((key) => changes[key] !== undefined))
    throw new ConflictError(integrity.scheduleFixedAfterAttendance);
  if (changes.startsAt !== undefined) assertStartInFuture(changes.startsAt, command.now, changes);
  if (changes.totalSlots !== undefined && changes.totalSlots < opportunity.participants.length) {
    throw new ConflictError(
      opportunityMessages.slotLimitBelowParticipants(opportunity.participants.length),
    );
  }
  const { opportunityId } = opportunity;
  const events: OpportunityEvent[] = [];
  if (Object.keys(changes).length > 0)
    events.push({ type: 'OpportunityUpdated', data: { v: 1, opportunityId, changes } });
  // Points follow the duration: a host lengthening an approved opportunity sends it back to the
  // admins, so no award exceeds what they approved (docs/product-rules.md).
  const lengthenedByHost =
    !actor.admin &&
    opportunity.approved &&
    changes.durationMinutes !== undefined &&
    changes.durationMinutes > opportunity.details.durationMinutes;
  if (approvalChanges)
    events.push({
      type: edit.approved ? 'OpportunityApproved' : 'OpportunityUnapproved',
      data: { v: 1, opportunityId },
    });
  else if (lengthenedByHost)
    events.push({ type: 'OpportunityUnapproved', data: { v: 1, opportunityId } });
  if (edit.comments !== undefined)
    events.push(
      ...announcementChanges(opportunity, edit.comments, actor, command.now, command.newId),
    );
  if (changes.totalSlots !== undefined && changes.totalSlots > opportunity.details.totalSlots)
    events.push(
      ...promoteFromWaitlist(events.reduce(evolveOpportunity, state), command.now, 'slots-raised'),
    );
  return events;
};

const decideSignUp = (
  command: Extract<OpportunityCommand, { type: 'SignUpForOpportunity' }>,
  state: OpportunityState,
): OpportunityEvent[] => {
  const opportunity = live(state);
  const { actor, userId, now } = command;
  const forSelf = actor.userId === userId;
  if (!forSelf && !actor.admin) throw new ForbiddenError('Only admins can register another user.');
  const privileged = isHostOrAdmin(actor, opportunity);
  // Unapproved opportunities are hidden from everyone but their host and admins.
  if (!opportunity.approved && !privileged) throw new NotFoundError(texts.notFound.opportunity);
  const { visibility } = opportunity.details;
  if (
    !privileged &&
    visibility.length > 0 &&
    !visibility.some((id) => command.userOrganizationIds.has(id))
  )
    throw new ForbiddenError(opportunityMessages.privateOpportunity);
  if (opportunity.participants.includes(userId))
    throw new ConflictError(
      forSelf ? opportunityMessages.alreadyRegistered : opportunityMessages.userAlreadyRegistered,
    );
  if (opportunity.attendanceMarked || hasStarted(now, opportunity.details.startsAt))
    throw new ConflictError(opportunityMessages.started);
  if (slotsLeft(opportunity.details.totalSlots, opportunity.participants.length) <= 0)
    throw new OpportunityFullError(
      forSelf ? opportunityMessages.full : opportunityMessages.fullForAdmin,
    );
  return [
    {
      type: 'UserSignedUp',
      data: {
        v: 1,
        opportunityId: opportunity.opportunityId,
        userId,
        byUserId: actor.userId,
        at: now.toISOString(),
      },
    },
  ];
};

const decideUnregister = (
  command: Extract<OpportunityCommand, { type: 'UnregisterFromOpportunity' }>,
  state: OpportunityState,
): OpportunityEvent[] => {
  const opportunity = live(state);
  const { actor, userId, now } = command;
  const forSelf = actor.userId === userId;
  const exempt = isHostOrAdmin(actor, opportunity);
  if (!forSelf && !exempt)
    throw new ForbiddenError('Only the host or an admin can unregister another user.');
  if (!opportunity.participants.includes(userId))
    throw new ConflictError(
      forSelf ? opportunityMessages.notRegistered : opportunityMessages.userNotRegistered,
    );
  if (opportunity.attendanceMarked)
    throw new ConflictError(opportunityMessages.attendanceAlreadySubmitted);
  const open = isUnregistrationOpen(now, opportunity.details.startsAt);
  if (!open && !exempt) throw new ConflictError(opportunityMessages.unregistrationClosed);
  const unregistered: OpportunityEvent = {
    type: 'UserUnregistered',
    data: {
      v: 1,
      opportunityId: opportunity.opportunityId,
      userId,
      byUserId: actor.userId,
      at: now.toISOString(),
      late: !open,
    },
  };
  return [
    unregistered,
    ...promoteFromWaitlist(evolveOpportunity(state, unregistered), now, 'unregistration'),
  ];
};

const decideAttendance = (
  command: Extract<OpportunityCommand, { type: 'MarkAttendance' }>,
  state: OpportunityState,
): OpportunityEvent[] => {
  const opportunity = live(state);
  const { actor, now } = command;
  requireHostOrAdmin(actor, opportunity, 'submit attendance');
  if (opportunity.attendanceMarked)
    throw new ConflictError(opportunityMessages.attendanceAlreadySubmitted);
  // An unapproved opportunity awards nobody: otherwise anyone could host themselves points.
  if (!opportunity.approved) throw new ConflictError(integrity.attendanceNeedsApproval);
  if (!hasStarted(now, opportunity.details.startsAt))
    throw new ConflictError(opportunityMessages.notStartedForAttendance);
  const { participants, hostUserId } = opportunity;
  // The UI lists the host as present; a host who is not a participant earns nothing, so is dropped.
  const submitted = [...new Set(command.userIds)].filter(
    (id) => id !== hostUserId || participants.includes(id),
  );
  const unknown = submitted.filter((id) => !participants.includes(id));
  if (unknown.length > 0) {
    const message = `Not registered for this opportunity: ${unknown.join(', ')}`;
    throw new ValidationError(message, [{ field: 'user_ids', message }]);
  }
  if (!Number.isInteger(command.durationMinutes) || command.durationMinutes < 1)
    throw new ValidationError('Duration must be more than 0 hours and 0 minutes', [
      { field: 'duration', message: 'Duration must be more than 0 hours and 0 minutes' },
    ]);
  const attended = new Set(submitted);
  const first = participants[0];
  return [
    {
      type: 'AttendanceMarked',
      data: {
        v: 1,
        opportunityId: opportunity.opportunityId,
        markedBy: actor.userId,
        durationMinutes: command.durationMinutes,
        attendedUserIds: participants.filter((id) => attended.has(id)),
        absentUserIds: participants.filter((id) => !attended.has(id)),
        firstSignupBonus:
          first !== undefined && attended.has(first)
            ? { userId: first, points: FIRST_SIGNUP_BONUS_POINTS }
            : null,
        opportunityDate: opportunity.details.date,
        at: now.toISOString(),
      },
    },
  ];
};

export const opportunityDecider: Decider<OpportunityState, OpportunityCommand, OpportunityEvent> = {
  eventTypes: opportunityEventTypes,
  initialState: initialOpportunityState,
  evolve: evolveOpportunity,
  decide: (command, state): OpportunityEvent[] => {
    switch (command.type) {
      case 'CreateOpportunity':
        if (state.status !== 'none')
          throw new ConflictError('An opportunity with this id already exists.');
        assertStartInFuture(command.opportunity.startsAt, command.now, {
          date: command.opportunity.date,
        });
        return [{ type: 'OpportunityCreated', data: command.opportunity }];
      case 'UpdateOpportunity':
        return decideUpdate(command, state);
      case 'DeleteOpportunity': {
        const opportunity = live(state);
        requireHostOrAdmin(command.actor, opportunity, 'delete this opportunity');
        return [
          {
            type: 'OpportunityDeleted',
            data: { v: 1, opportunityId: opportunity.opportunityId },
          },
        ];
      }
      case 'SetOpportunityApproval': {
        const opportunity = live(state);
        if (!command.actor.admin)
          throw new ForbiddenError('Only admins can approve or unapprove opportunities.');
        if (opportunity.approved === command.approved) return [];
        return [
          {
            type: command.approved ? 'OpportunityApproved' : 'OpportunityUnapproved',
            data: { v: 1, opportunityId: opportunity.opportunityId },
          },
        ];
      }
      case 'PostAnnouncement': {
        const opportunity = live(state);
        requireHostOrAdmin(command.actor, opportunity, 'post announcements');
        const text = command.text.trim();
        if (!text)
          throw new ValidationError('Announcement is required', [
            { field: 'text', message: 'Announcement is required' },
          ]);
        return [
          {
            type: 'AnnouncementPosted',
            data: {
              v: 1,
              opportunityId: opportunity.opportunityId,
              announcementId: command.announcementId,
              text,
              postedBy: command.actor.userId,
              postedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'SignUpForOpportunity':
        return decideSignUp(command, state);
      case 'UnregisterFromOpportunity':
        return decideUnregister(command, state);
      case 'MarkAttendance':
        return decideAttendance(command, state);
      case 'JoinWaitlist':
      case 'LeaveWaitlist':
        return decideWaitlist(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown opportunity command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
