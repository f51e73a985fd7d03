import type { User } from '@campus/contracts';
import { createContext, useContext } from 'react';
import type { SignInOutcome } from './sign-in-machine';

/**
 * Where the browser stands. 'restoring' is a persisted provider user being checked
 * after a reload; 'signingIn' is a sign-in the user started on /login.
 */
export type Session =
  | { status: 'initializing' }
  | { status: 'restoring' }
  /** `afterLogout`: the user chose to leave, so no page is remembered to return to. */
  | { status: 'signedOut'; error: string | null; afterLogout?: boolean }
  | { status: 'signingIn' }
  | { status: 'needsRegistration'; email: string }
  | { status: 'signedIn'; email: string; userId: string };

export type SessionAction =
  | { type: 'signInStarted' }
  | { type: 'signInFailed'; message: string }
  | { type: 'providerUserFound' }
  | { type: 'providerSignedOut' }
  | { type: 'flowFinished'; outcome: SignInOutcome }
  | { type: 'registered'; user: User }
  | { type: 'loggedOut' };

export const initialSession: Session = { status: 'initializing' };

export const sessionReducer = (session: Session, action: SessionAction): Session => {
  switch (action.type) {
    case 'signInStarted':
      return { status: 'signingIn' };
    case 'signInFailed':
      return { status: 'signedOut', error: action.message };
    case 'providerUserFound':
      return session.status === 'signingIn' ? session : { status: 'restoring' };
    case 'providerSignedOut':
      // A rejected sign-in signs the provider user out after showing why: keep the message.
      if (session.status === 'signedOut' || session.status === 'signingIn') return session;
      return { status: 'signedOut', error: null };
    case 'flowFinished': {
      if (session.status !== 'signingIn' && session.status !== 'restoring') return session;
      const { outcome } = action;
      if (outcome.type === 'signedIn') {
        return { status: 'signedIn', email: outcome.user.email ?? '', userId: outcome.user.id };
      }
      if (outcome.type === 'needsRegistration') {
        return { status: 'needsRegistration', email: outcome.email };
      }
      return { status: 'signedOut', error: outcome.message };
    }
    case 'registered':
      return session.status === 'needsRegistration'
        ? { status: 'signedIn', email: session.email, userId: action.user.id }
        : session;
    case 'loggedOut':
      return { status: 'signedOut', error: null, afterLogout: true };
    default: {
      const unexpected: never = action;
      return unexpected;
    }
  }
};

/** A provider sign-in: Google's popup in production, a test account in emulator mode. */
export type ProviderSignIn = () => Promise<void>;

export type SessionContextValue = {
  session: Session;
  /** Runs the provider sign-in; the rest of the flow follows the provider's auth state. */
  signIn: (providerSignIn?: ProviderSignIn) => Promise<void>;
  /** The registered user (POST /api/users answer) becomes the signed-in user. */
  completeRegistration: (user: User) => void;
  /** Clears state and storage and signs the provider user out. */
  logout: () => Promise<void>;
};

export const SessionContext = createContext<SessionContextValue | null>(null);

export const useSession = (): SessionContextValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
};
