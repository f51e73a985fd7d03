import { canUnregister, hasStarted, slotsLeft, texts, timeUntilText } from '@campus/contracts';

export type SignupButtonKind =
  'signUp' | 'signUpExternally' | 'signedUp' | 'full' | 'unregistrationClosed' | 'started';

export type SignupButtonState = {
  kind: SignupButtonKind;
  label: string;
  disabled: boolean;
  /** The 7-hour warning under the button. */
  warning: string | null;
};

export type SignupButtonInput = {
  now: Date;
  startsAt: string;
  totalSlots: number;
  registeredCount: number;
  isRegistered: boolean;
  redirectUrl: string | null;
  /** Hosts and admins may unregister inside the 7-hour window (spec 4). */
  isHostOrAdmin: boolean;
};

const t = texts.opportunities.signup;

/** The side card's button (spec 2 'Button states'), from the shared opportunity rules. */
export const signupButtonState = (input: SignupButtonInput): SignupButtonState => {
  const { now, startsAt } = input;
  if (hasStarted(now, startsAt)) {
    return { kind: 'started', label: t.eventAlreadyStarted, disabled: true, warning: null };
  }
  if (input.isRegistered) {
    return canUnregister(now, startsAt, input.isHostOrAdmin)
      ? { kind: 'signedUp', label: t.signedUp, disabled: false, warning: null }
      : {
          kind: 'unregistrationClosed',
          label: t.unregistrationClosed(timeUntilText(now, startsAt)),
          disabled: true,
          warning: t.unregistrationClosedWarning,
        };
  }
  if (slotsLeft(input.totalSlots, input.registeredCount) === 0) {
    return { kind: 'full', label: t.eventFull, disabled: true, warning: null };
  }
  return input.redirectUrl
    ? { kind: 'signUpExternally', label: t.signUpExternally, disabled: false, warning: null }
    : { kind: 'signUp', label: t.signUpNow, disabled: false, warning: null };
};
