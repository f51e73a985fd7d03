import {
  canUnregister,
  hasEnded,
  hasStarted,
  isUnregistrationOpen,
  slotsLeft,
  texts,
  timeUntilText,
} from '@campus/contracts';
import { pastStatus, type PastStatusKind } from './attendance';

type SignupButtonKind =
  | 'signUp'
  | 'signUpExternally'
  | 'signedUp'
  | 'full'
  | 'joinWaitlist'
  | 'onWaitlist'
  | 'unregistrationClosed'
  | 'started'
  | 'ended';

type SignupButtonState = {
  kind: SignupButtonKind;
  label: string;
  disabled: boolean;
  /** The 7-hour warning under the button. */
  warning: string | null;
  /** 'You are #2 on the waitlist' while waiting. */
  note: string | null;
  /** Once ended: the attendance (or that it ended), shown as a status in place of a button. */
  past: PastStatusKind | null;
};

export type SignupButtonInput = {
  now: Date;
  startsAt: string;
  totalSlots: number;
  registeredCount: number;
  isRegistered: boolean;
  redirectUrl: string | null;
  /** Hosts and admins may unregister inside the 7-hour window. */
  isHostOrAdmin: boolean;
  /** The caller's place on the waitlist (1 = next), null when not waiting (ADR 0010). */
  waitlistPosition: number | null;
  durationMinutes: number;
  isHost: boolean;
  attendanceMarked: boolean;
  /** The caller's attendance once marked, null before. */
  attended: boolean | null;
  points: number;
};

const t = texts.opportunities.signup;
const w = texts.waitlist;

/** The side card's button, in every state, from the shared opportunity rules. */
export const signupButtonState = (input: SignupButtonInput): SignupButtonState => {
  const { now, startsAt } = input;
  // Ended (start plus duration): what happened, never 'Signed Up ✓', slots or 'Already Started'.
  if (hasEnded(now, startsAt, input.durationMinutes)) {
    const past = pastStatus({
      isRegistered: input.isRegistered,
      isHost: input.isHost,
      attendanceMarked: input.attendanceMarked,
      attended: input.attended,
      points: input.points,
    });
    return {
      kind: 'ended',
      label: past.label,
      disabled: true,
      warning: null,
      note: null,
      past: past.kind,
    };
  }
  if (hasStarted(now, startsAt)) {
    return {
      kind: 'started',
      label: t.eventAlreadyStarted,
      disabled: true,
      warning: null,
      note: null,
      past: null,
    };
  }
  if (input.isRegistered) {
    return canUnregister(now, startsAt, input.isHostOrAdmin)
      ? {
          kind: 'signedUp',
          label: t.signedUp,
          disabled: false,
          warning: null,
          note: null,
          past: null,
        }
      : {
          kind: 'unregistrationClosed',
          label: t.unregistrationClosed(timeUntilText(now, startsAt)),
          disabled: true,
          warning: t.unregistrationClosedWarning,
          note: null,
          past: null,
        };
  }
  if (slotsLeft(input.totalSlots, input.registeredCount) === 0) {
    // Waiting people may leave the line at any time; a free slot is theirs to take like anyone's.
    if (input.waitlistPosition !== null) {
      return {
        kind: 'onWaitlist',
        label: w.leave,
        disabled: false,
        warning: null,
        note: w.position(input.waitlistPosition),
        past: null,
      };
    }
    // The waitlist closes with unregistration, 7 hours before the start (ADR 0010).
    return isUnregistrationOpen(now, startsAt)
      ? {
          kind: 'joinWaitlist',
          label: w.join,
          disabled: false,
          warning: null,
          note: null,
          past: null,
        }
      : { kind: 'full', label: t.eventFull, disabled: true, warning: null, note: null, past: null };
  }
  return input.redirectUrl
    ? {
        kind: 'signUpExternally',
        label: t.signUpExternally,
        disabled: false,
        warning: null,
        note: null,
        past: null,
      }
    : {
        kind: 'signUp',
        label: t.signUpNow,
        disabled: false,
        warning: null,
        note: null,
        past: null,
      };
};
