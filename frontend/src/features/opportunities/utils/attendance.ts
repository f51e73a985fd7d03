import { texts, type OpportunityListItem } from '@campus/contracts';

const p = texts.opportunities.past;

export type PastStatusKind = 'attended' | 'absent' | 'pending' | 'submitted' | 'ended';

type PastStatus = { kind: PastStatusKind; label: string };

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
