import { texts } from '@campus/contracts';
import { describe, expect, it, vi } from 'vitest';
import { aConfig, aUser } from '@/testing/fixtures';
import {
  advanceSignIn,
  runSignIn,
  startSignIn,
  type SignInCalls,
  type SignInEvent,
  type SignInState,
} from './sign-in-machine';

const replay = (email: string | null, ...events: SignInEvent[]): SignInState =>
  events.reduce(advanceSignIn, startSignIn(email));

const config = aConfig({ universityDomain: 'university.edu', supportEmail: 'help@university.edu' });
const user = aUser();

describe('advanceSignIn', () => {
  it('starts with the token check', () => {
    expect(startSignIn('student@university.edu').next).toEqual({ type: 'verifyToken' });
  });

  it('rejects a provider user without an email', () => {
    expect(startSignIn(null).next).toEqual({
      type: 'finish',
      outcome: { type: 'rejected', message: texts.signInErrors.googleFailed },
    });
    expect(startSignIn('  ').next.type).toBe('finish');
  });

  it('checks whether the user exists once the token is accepted', () => {
    expect(replay('a@university.edu', { type: 'tokenVerified' }).next).toEqual({
      type: 'checkUserExists',
    });
  });

  it('shows the server message when the token check fails, else the generic one', () => {
    const withMessage = replay('a@university.edu', {
      type: 'stepFailed',
      message: texts.auth.invalidToken,
    });
    expect(withMessage.next).toEqual({
      type: 'finish',
      outcome: { type: 'rejected', message: texts.auth.invalidToken },
    });
    const withoutMessage = replay('a@university.edu', { type: 'stepFailed', message: null });
    expect(withoutMessage.next).toMatchObject({ outcome: { message: texts.auth.failed } });
  });

  it('loads the profile of an existing user and signs them in', () => {
    const state = replay(
      'student@university.edu',
      { type: 'tokenVerified' },
      { type: 'userChecked', exists: true },
    );
    expect(state.next).toEqual({ type: 'loadProfile' });
    expect(advanceSignIn(state, { type: 'profileLoaded', user }).next).toEqual({
      type: 'finish',
      outcome: { type: 'signedIn', user },
    });
  });

  it('rejects when the existence check or the profile load fails', () => {
    expect(
      replay('a@university.edu', { type: 'tokenVerified' }, { type: 'stepFailed', message: null })
        .next,
    ).toMatchObject({ outcome: { type: 'rejected', message: texts.signInErrors.failed } });
    expect(
      replay(
        'a@university.edu',
        { type: 'tokenVerified' },
        { type: 'userChecked', exists: true },
        { type: 'stepFailed', message: null },
      ).next,
    ).toMatchObject({ outcome: { type: 'rejected', message: texts.signInErrors.appDataFailed } });
  });

  it('sends a new university address straight to registration', () => {
    const state = replay(
      'New.Student@University.edu',
      { type: 'tokenVerified' },
      { type: 'userChecked', exists: false },
    );
    expect(state.next).toEqual({ type: 'loadConfig' });
    expect(advanceSignIn(state, { type: 'configLoaded', config }).next).toEqual({
      type: 'finish',
      outcome: { type: 'needsRegistration', email: 'New.Student@University.edu' },
    });
  });

  it('does not take a look-alike domain for the university one', () => {
    const state = replay(
      'someone@fakeuniversity.edu',
      { type: 'tokenVerified' },
      { type: 'userChecked', exists: false },
      { type: 'configLoaded', config },
    );
    expect(state.next).toEqual({ type: 'checkApprovedEmail' });
  });

  it('rejects when the configuration cannot be loaded', () => {
    const state = replay(
      'someone@gmail.com',
      { type: 'tokenVerified' },
      { type: 'userChecked', exists: false },
      { type: 'stepFailed', message: null },
    );
    expect(state.next).toMatchObject({
      outcome: { type: 'rejected', message: texts.signInErrors.appDataFailed },
    });
  });

  const outsider = (...events: SignInEvent[]) =>
    replay(
      'someone@gmail.com',
      { type: 'tokenVerified' },
      { type: 'userChecked', exists: false },
      { type: 'configLoaded', config },
      ...events,
    );

  it('lets an approved outside address register', () => {
    expect(outsider({ type: 'approvalChecked', approved: true }).next).toEqual({
      type: 'finish',
      outcome: { type: 'needsRegistration', email: 'someone@gmail.com' },
    });
  });

  it('rejects an unapproved outside address, naming the support mailbox', () => {
    expect(outsider({ type: 'approvalChecked', approved: false }).next).toEqual({
      type: 'finish',
      outcome: {
        type: 'rejected',
        message:
          'Your email is not approved for this platform. Please contact help@university.edu for access.',
      },
    });
  });

  it('rejects with the approval-check text when that call fails, whatever the server said', () => {
    expect(outsider({ type: 'stepFailed', message: 'boom' }).next).toEqual({
      type: 'finish',
      outcome: {
        type: 'rejected',
        message:
          'Unable to verify email approval. Please try again or contact help@university.edu.',
      },
    });
  });

  it('ignores results that do not belong to the current step and never leaves a finish', () => {
    const atCheck = replay('a@university.edu', { type: 'tokenVerified' });
    expect(advanceSignIn(atCheck, { type: 'profileLoaded', user })).toBe(atCheck);
    expect(advanceSignIn(atCheck, { type: 'approvalChecked', approved: true })).toBe(atCheck);
    const finished = outsider({ type: 'approvalChecked', approved: false });
    expect(advanceSignIn(finished, { type: 'approvalChecked', approved: true })).toBe(finished);
  });
});

const fakeCalls = (overrides: Partial<SignInCalls> = {}): SignInCalls => ({
  verifyToken: vi.fn(() => Promise.resolve({})),
  checkUserExists: vi.fn(() => Promise.resolve(false)),
  loadProfile: vi.fn(() => Promise.resolve(user)),
  loadConfig: vi.fn(() => Promise.resolve(config)),
  checkApprovedEmail: vi.fn(() => Promise.resolve(false)),
  ...overrides,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : null);

describe('runSignIn', () => {
  it('verifies, looks the user up and loads the profile, in that order', async () => {
    const order: string[] = [];
    const calls = fakeCalls({
      verifyToken: () => (order.push('verify'), Promise.resolve({})),
      checkUserExists: (email) => (order.push(`exists ${email}`), Promise.resolve(true)),
      loadProfile: (email) => (order.push(`profile ${email}`), Promise.resolve(user)),
    });
    await expect(runSignIn('student@university.edu', calls, messageOf)).resolves.toEqual({
      type: 'signedIn',
      user,
    });
    expect(order).toEqual([
      'verify',
      'exists student@university.edu',
      'profile student@university.edu',
    ]);
  });

  it('asks the approved list only for outside addresses', async () => {
    const calls = fakeCalls({ checkApprovedEmail: vi.fn(() => Promise.resolve(true)) });
    await expect(runSignIn('new@university.edu', calls, messageOf)).resolves.toEqual({
      type: 'needsRegistration',
      email: 'new@university.edu',
    });
    expect(calls.checkApprovedEmail).not.toHaveBeenCalled();

    await expect(runSignIn('friend@gmail.com', calls, messageOf)).resolves.toEqual({
      type: 'needsRegistration',
      email: 'friend@gmail.com',
    });
    expect(calls.checkApprovedEmail).toHaveBeenCalledWith('friend@gmail.com');
  });

  it('turns a thrown error into the step failure with the server message', async () => {
    const calls = fakeCalls({
      verifyToken: () => Promise.reject(new Error(texts.auth.invalidToken)),
    });
    await expect(runSignIn('a@university.edu', calls, messageOf)).resolves.toEqual({
      type: 'rejected',
      message: texts.auth.invalidToken,
    });
    expect(calls.checkUserExists).not.toHaveBeenCalled();
  });

  it('makes no call for a provider user without an email', async () => {
    const calls = fakeCalls();
    await expect(runSignIn(null, calls, messageOf)).resolves.toMatchObject({ type: 'rejected' });
    expect(calls.verifyToken).not.toHaveBeenCalled();
  });
});
