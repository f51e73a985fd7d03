import { describe, expect, it } from 'vitest';
import { describeSignInError } from './google-sign-in';

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

describe('describeSignInError', () => {
  it('tells the user they closed the popup', () => {
    expect(describeSignInError(firebaseError('auth/popup-closed-by-user'))).toEqual({
      message: 'You closed the login popup. Please try logging in again.',
      reloadAfterMs: null,
    });
  });

  it('explains a blocked popup', () => {
    expect(describeSignInError(firebaseError('auth/popup-blocked')).message).toMatch(
      /^The sign-in popup was blocked by your browser\. Please try again\./,
    );
  });

  it('reloads after a second on session storage problems', () => {
    const expected = {
      message:
        "There was an error with your browser's session storage, please try logging in again.",
      reloadAfterMs: 1000,
    };
    expect(describeSignInError(firebaseError('auth/web-storage-unsupported'))).toEqual(expected);
    expect(
      describeSignInError(
        firebaseError(
          'auth/internal-error',
          'Unable to process request due to missing initial state.',
        ),
      ),
    ).toEqual(expected);
  });

  it('falls back to the generic Google text', () => {
    expect(describeSignInError(firebaseError('auth/network-request-failed'))).toEqual({
      message: 'Google sign-in failed. Please try again.',
      reloadAfterMs: null,
    });
    expect(describeSignInError('weird')).toMatchObject({
      message: 'Google sign-in failed. Please try again.',
    });
  });
});
