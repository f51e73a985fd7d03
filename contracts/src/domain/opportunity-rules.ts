import { UNREGISTER_CUTOFF_MS } from './constants';

/**
 * Pure opportunity rules shared by the command side (the authority) and the UI (button states).
 * Instants are `Date`s or ISO 8601 strings; `now` always comes from the one injectable clock.
 */
type Instant = Date | string;
const ms = (instant: Instant) =>
  typeof instant === 'string' ? Date.parse(instant) : instant.getTime();

/** Slots left: total slots minus the registered participants (the host takes none), never below 0. */
export const slotsLeft = (totalSlots: number, registeredCount: number): number =>
  Math.max(0, totalSlots - registeredCount);

export const isFull = (totalSlots: number, registeredCount: number): boolean =>
  slotsLeft(totalSlots, registeredCount) === 0;

/** Started at the start instant itself. */
export const hasStarted = (now: Instant, startsAt: Instant): boolean => ms(now) >= ms(startsAt);

/** The end instant: the start plus the duration in minutes. */
export const endsAt = (startsAt: Instant, durationMinutes: number): Date =>
  new Date(ms(startsAt) + durationMinutes * 60_000);

/** Ended at the end instant itself; a started opportunity is under way until then. */
export const hasEnded = (now: Instant, startsAt: Instant, durationMinutes: number): boolean =>
  ms(now) >= endsAt(startsAt, durationMinutes).getTime();

/** Unregistering is open only while the start is MORE than 7 hours away, except for hosts and admins. */
export const isUnregistrationOpen = (now: Instant, startsAt: Instant): boolean =>
  ms(startsAt) - ms(now) > UNREGISTER_CUTOFF_MS;

export const canUnregister = (now: Instant, startsAt: Instant, isHostOrAdmin: boolean): boolean =>
  isHostOrAdmin || isUnregistrationOpen(now, startsAt);

const plural = (n: number, unit: string) => `${String(n)} ${unit}${n === 1 ? '' : 's'}`;

const EVENT_HAS_STARTED = 'Event has started';

/**
 * Time until the start: minutes under 1 hour, hours and minutes under
 * 24 hours, otherwise days and hours; 'Event has started' at zero or past. Whole units, rounded down.
 */
export const timeUntilText = (now: Instant, startsAt: Instant): string => {
  const left = ms(startsAt) - ms(now);
  if (left <= 0) return EVENT_HAS_STARTED;
  const totalMinutes = Math.floor(left / 60_000);
  if (totalMinutes === 0) return 'less than a minute';
  if (totalMinutes < 60) return plural(totalMinutes, 'minute');
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 24)
    return `${plural(totalHours, 'hour')} ${plural(totalMinutes % 60, 'minute')}`;
  return `${plural(Math.floor(totalHours / 24), 'day')} ${plural(totalHours % 24, 'hour')}`;
};

/** RFC 9457 `type` of the 409 a signup gets when no slot is left, so the UI can show 'Opportunity Full'. */
export const OPPORTUNITY_FULL_PROBLEM_TYPE = 'urn:campus:problem:opportunity-full';

/** The server's answers for opportunity rules, in the product's words where it fixes them. */
export const opportunityMessages = {
  alreadyRegistered: 'You are already registered for this opportunity.',
  userAlreadyRegistered: 'This user is already registered for this opportunity.',
  full: 'This opportunity is full: no slots are left.',
  /** An admin registering a user at capacity. */
  fullForAdmin: 'This event has reached its maximum capacity.',
  started: 'Event Already Started',
  unregistrationClosed:
    'Unregistration closed within 7 hours of event. Contact organizer if you need to cancel.',
  notRegistered: 'You are not registered for this opportunity.',
  userNotRegistered: 'This user is not registered for this opportunity.',
  notStartedForAttendance: 'Attendance can be submitted once the opportunity has started.',
  attendanceAlreadySubmitted: 'Attendance has already been submitted.',
  slotLimitBelowParticipants: (participants: number) =>
    `Cannot set slot limit lower than current number of participants (${String(participants)}).`,
  privateOpportunity: 'This opportunity is open only to members of its organizations.',
} as const;
