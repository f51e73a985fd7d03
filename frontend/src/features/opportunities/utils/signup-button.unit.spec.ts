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
  durationMinutes: 90,
  isHost: false,
  attendanceMarked: false,
  attended: null,
  points: 90,
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

describe('the sign-up button once the opportunity has ended (start plus duration)', () => {
  const p = texts.opportunities.past;
  // Started 2 hours ago, 90 minutes long: over half an hour ago.
  const ended = (over: Partial<SignupButtonInput> = {}) =>
    signupButtonState(input({ startsAt: inHours(-2), registeredCount: 1, ...over }));

  it("stays 'Event Already Started' while under way, until the end instant", () => {
    const endsInOneMs = new Date(NOW.getTime() - 90 * 60_000 + 1).toISOString();
    expect(signupButtonState(input({ startsAt: endsInOneMs })).kind).toBe('started');
    expect(signupButtonState(input({ startsAt: inHours(-1.5) })).kind).toBe('ended');
  });

  it("says what became of a participant's signup, never 'Signed Up ✓'", () => {
    expect(ended({ isRegistered: true })).toMatchObject({
      kind: 'ended',
      label: p.attendanceNotSubmitted,
      past: 'pending',
      disabled: true,
    });
    expect(
      ended({ isRegistered: true, attendanceMarked: true, attended: true, points: 120 }),
    ).toMatchObject({ label: 'Attended · 120 points', past: 'attended' });
    expect(ended({ isRegistered: true, attendanceMarked: true, attended: false })).toMatchObject({
      label: p.didNotAttend,
      past: 'absent',
    });
  });

  it('tells someone not registered that it has ended, full or not', () => {
    expect(ended()).toMatchObject({ label: 'This opportunity has ended', past: 'ended' });
    expect(ended({ registeredCount: 2, waitlistPosition: 1 }).kind).toBe('ended');
  });
});
