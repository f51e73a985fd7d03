import { texts } from '@campus/contracts';
import {
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  signInWithPopup,
  type Auth,
} from 'firebase/auth';

/** Production sign-in: Google's popup. */
export const signInWithGooglePopup = async (auth: Auth): Promise<void> => {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  await signInWithPopup(auth, provider, browserPopupRedirectResolver);
};

type SignInErrorDescription = {
  message: string;
  /** Session storage problems are cured by a fresh page: reload after a second. */
  reloadAfterMs: number | null;
};

const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');

/** The popup errors for a failed provider sign-in. */
export const describeSignInError = (error: unknown): SignInErrorDescription => {
  const code = errorCode(error);
  const message = errorMessage(error);
  if (
    code === 'auth/web-storage-unsupported' ||
    /sessionStorage|missing initial state/i.test(message)
  ) {
    return { message: texts.signInErrors.sessionStorage, reloadAfterMs: 1_000 };
  }
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') {
    return { message: texts.signInErrors.popupClosed, reloadAfterMs: null };
  }
  if (code === 'auth/popup-blocked') {
    return { message: texts.signInErrors.popupBlocked, reloadAfterMs: null };
  }
  return { message: texts.signInErrors.googleFailed, reloadAfterMs: null };
};
