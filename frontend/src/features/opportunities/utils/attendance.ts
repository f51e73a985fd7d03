import {
  ATTENDANCE_HOURS_MAX,
  ATTENDANCE_MINUTES_MAX,
  texts,
  type OpportunityListItem,
} from '@campus/contracts';

/**
 * What an hours or minutes field keeps of what was typed: a whole number clamped to
 * 0..max; anything that is not a number becomes 0.
 */
export const clampDurationPart = (typed: string, max: number): number => {
  const n = Number(typed.trim());
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(Math.trunc(n), max);
};

export const clampHours = (typed: string) => clampDurationPart(typed, ATTENDANCE_HOURS_MAX);
export const clampMinutes = (typed: string) => clampDurationPart(typed, ATTENDANCE_MINUTES_MAX);

/** The form starts at the opportunity's duration (docs/product-rules.md), split into hours and minutes. */
export const splitDuration = (minutes: number) => ({
  hours: Math.min(Math.floor(minutes / 60), ATTENDANCE_HOURS_MAX),
  minutes: minutes % 60,
});

const p = texts.opportunities.past;

export type PastStatusKind = 'attended' | 'absent' | 'pending' | 'submitted' | 'ended';

export type PastStatus = { kind: PastStatusKind; label: string };

export type PastStatusInput = {
  isRegistered: boolean;
  isHost: boolean;
  attendanceMarked: boolean;
  /** The caller's attendance once marked; null before, or when not registered. */
  attended: boolean | null;
  /** What the opportunity is worth: an attendee earns its points. */
  points: number;
};

/**
 * What an ended opportunity says in place of the sign-up button and the slots left: a participant's
 * attendance (or that it is not marked yet), the host's attendance submission, or that it ended.
 */
export const pastStatus = (input: PastStatusInput): PastStatus => {
  if (input.isRegistered) {
    if (!input.attendanceMarked) return { kind: 'pending', label: p.attendanceNotSubmitted };
    return input.attended === true
      ? { kind: 'attended', label: p.attended(input.points) }
      : { kind: 'absent', label: p.didNotAttend };
  }
  if (input.isHost) {
    return input.attendanceMarked
      ? { kind: 'submitted', label: p.attendanceSubmitted }
      : { kind: 'pending', label: p.attendanceNotSubmitted };
  }
  return { kind: 'ended', label: p.ended };
};

/** The caller's attendance on a list item, from its participants; null when not among them. */
export const attendedOf = (
  o: Pick<OpportunityListItem, 'involved_users'>,
  userId: string | undefined,
): boolean | null =>
  userId === undefined ? null : (o.involved_users.find((u) => u.id === userId)?.attended ?? null);
