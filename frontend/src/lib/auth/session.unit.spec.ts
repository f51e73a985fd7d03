import { texts } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { initialSession, sessionReducer, type Session, type SessionAction } from './session';

const after = (...actions: SessionAction[]): Session =>
  actions.reduce(sessionReducer, initialSession);
const user = aUser({ id: 'user-7', email: 'student@university.edu' });

describe('sessionReducer', () => {
  it('is signed out without error when no provider user is restored', () => {
    expect(after({ type: 'providerSignedOut' })).toEqual({ status: 'signedOut', error: null });
  });

  it('restores a persisted provider user after a reload into a signed-in session', () => {
    const restoring = after({ type: 'providerUserFound' });
    expect(restoring).toEqual({ status: 'restoring' });
    expect(
      sessionReducer(restoring, { type: 'flowFinished', outcome: { type: 'signedIn', user } }),
    ).toEqual({ status: 'signedIn', email: 'student@university.edu', userId: 'user-7' });
  });

  it('stays signing in while the flow of a sign-in the user started runs', () => {
    expect(
      after(
        { type: 'providerSignedOut' },
        { type: 'signInStarted' },
        { type: 'providerUserFound' },
      ),
    ).toEqual({ status: 'signingIn' });
  });

  it('keeps the rejection message when the provider user is then signed out', () => {
    const message = texts.signInErrors.notApproved('help@university.edu');
    expect(
      after(
        { type: 'providerSignedOut' },
        { type: 'signInStarted' },
        { type: 'providerUserFound' },
        { type: 'flowFinished', outcome: { type: 'rejected', message } },
        { type: 'providerSignedOut' },
      ),
    ).toEqual({ status: 'signedOut', error: message });
  });

  it('shows a popup failure and clears it on the next attempt', () => {
    const failed = after(
      { type: 'providerSignedOut' },
      { type: 'signInStarted' },
      { type: 'signInFailed', message: texts.signInErrors.popupClosed },
    );
    expect(failed).toEqual({ status: 'signedOut', error: texts.signInErrors.popupClosed });
    expect(sessionReducer(failed, { type: 'signInStarted' })).toEqual({ status: 'signingIn' });
  });

  it('moves a new user from registration to signed in', () => {
    const registering = after(
      { type: 'signInStarted' },
      { type: 'flowFinished', outcome: { type: 'needsRegistration', email: 'new@university.edu' } },
    );
    expect(registering).toEqual({ status: 'needsRegistration', email: 'new@university.edu' });
    expect(sessionReducer(registering, { type: 'registered', user })).toEqual({
      status: 'signedIn',
      email: 'new@university.edu',
      userId: 'user-7',
    });
  });

  it('ignores a flow that finishes after logout', () => {
    const loggedOut = after({ type: 'providerUserFound' }, { type: 'loggedOut' });
    expect(loggedOut).toEqual({ status: 'signedOut', error: null, afterLogout: true });
    expect(
      sessionReducer(loggedOut, { type: 'flowFinished', outcome: { type: 'signedIn', user } }),
    ).toBe(loggedOut);
  });
});
