import { texts } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { signupButtonState, type SignupButtonInput } from './signup-button';

const NOW = new Date('2026-03-02T15:00:00.000Z');
const inHours = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();
const input = (over: Partial<SignupButtonInput> = {}): SignupButtonInput => ({
  now: NOW,
  startsAt: inHours(48),
  totalSlots: 2,
  registeredCount: 2,
  isRegistered: false,
  redirectUrl: null,
  isHostOrAdmin: false,
  waitlistPosition: null,
  ...over,
});

describe('the sign-up button of a full opportunity (ADR 0010)', () => {
  it("offers 'Join Waitlist' instead of a disabled button while the start is more than 7 hours away", () => {
    expect(signupButtonState(input())).toMatchObject({
      kind: 'joinWaitlist',
      label: texts.waitlist.join,
      disabled: false,
      note: null,
    });
  });

  it("shows the position and 'Leave Waitlist' to someone waiting", () => {
    expect(signupButtonState(input({ waitlistPosition: 2 }))).toMatchObject({
      kind: 'onWaitlist',
      label: texts.waitlist.leave,
      disabled: false,
      note: 'You are #2 on the waitlist',
    });
  });

  it("reads 'Event Full' (disabled) within 7 hours, when nobody is promoted any more", () => {
    expect(signupButtonState(input({ startsAt: inHours(7) }))).toMatchObject({
      kind: 'full',
      label: texts.opportunities.signup.eventFull,
      disabled: true,
    });
  });

  it('lets someone waiting take a slot that is free again like anyone', () => {
    expect(signupButtonState(input({ registeredCount: 1, waitlistPosition: 1 })).kind).toBe(
      'signUp',
    );
  });

  it('a participant and a started opportunity never show the waitlist', () => {
    expect(signupButtonState(input({ isRegistered: true })).kind).toBe('signedUp');
    expect(signupButtonState(input({ startsAt: inHours(-1) })).kind).toBe('started');
  });
});
