import { texts, type User } from '@campus/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { api, serverMessageOf } from '@/lib/api-client';
import { clearAppStorage } from '@/lib/app-storage';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { checkApprovedEmail } from './api/check-approved-email';
import { checkUserExists } from './api/check-user-exists';
import { userByEmailQueryOptions } from './api/get-user-by-email';
import { verifyToken } from './api/verify-token';
import { loadAuthSdk } from './firebase';
import { mayHavePersistedUser } from './persisted-user';
import {
  SessionContext,
  initialSession,
  sessionReducer,
  type ProviderSignIn,
  type Session,
  type SessionContextValue,
} from './session';
import { overlappedSignInCalls } from './sign-in-calls';
import type { SignInCalls } from './sign-in-machine';

const signInCalls = (queryClient: QueryClient, email: string | null | undefined): SignInCalls =>
  overlappedSignInCalls(
    {
      verifyToken,
      checkUserExists,
      // Stored in the query cache: the header and profile read the signed-in user from there.
      loadProfile: (address) =>
        queryClient.query({ ...userByEmailQueryOptions(address), staleTime: 0 }),
      loadConfig: () => queryClient.query(publicConfigQueryOptions()),
      checkApprovedEmail,
    },
    email,
  );

type SessionProviderProps = { children: ReactNode };

/** Nobody stored: signed out from the first render on (persisted-user.ts). */
const firstSession = (): Session =>
  mayHavePersistedUser() ? initialSession : { status: 'signedOut', error: null };

export const SessionProvider = ({ children }: SessionProviderProps) => {
  const queryClient = useQueryClient();
  const [session, dispatch] = useReducer(sessionReducer, undefined, firstSession);
  // Each provider auth change starts a new flow; answers of older flows are dropped.
  const flowRef = useRef(0);

  useEffect(() => {
    let stopped = false;
    let unsubscribe = () => {};
    void loadAuthSdk().then((sdk) => {
      if (stopped) return;
      const auth = sdk.firebaseAuth();
      unsubscribe = sdk.onAuthStateChanged(auth, (user) => {
        flowRef.current += 1;
        const flow = flowRef.current;
        if (!user) {
          dispatch({ type: 'providerSignedOut' });
          return;
        }
        dispatch({ type: 'providerUserFound' });
        void sdk
          .runSignIn(user.email, signInCalls(queryClient, user.email), serverMessageOf)
          .then(async (outcome) => {
            if (flow !== flowRef.current) return;
            dispatch({ type: 'flowFinished', outcome });
            if (outcome.type === 'rejected') await sdk.signOut(auth);
          });
      });
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [queryClient]);

  const signIn = useCallback(async (providerSignIn?: ProviderSignIn) => {
    dispatch({ type: 'signInStarted' });
    let sdk: Awaited<ReturnType<typeof loadAuthSdk>> | null = null;
    try {
      sdk = await loadAuthSdk();
      const loaded = sdk;
      await (providerSignIn ?? (() => loaded.signInWithGooglePopup(loaded.firebaseAuth())))();
    } catch (error) {
      // Without the SDK (it could not load) there is no provider error to describe.
      const { message, reloadAfterMs } = sdk
        ? sdk.describeSignInError(error)
        : { message: texts.api.generic, reloadAfterMs: null };
      dispatch({ type: 'signInFailed', message });
      if (reloadAfterMs !== null) {
        setTimeout(() => window.location.reload(), reloadAfterMs);
      }
    }
  }, []);

  const registeringEmail = session.status === 'needsRegistration' ? session.email : null;
  const completeRegistration = useCallback(
    (user: User) => {
      const email = registeringEmail ?? user.email ?? '';
      queryClient.setQueryData(userByEmailQueryOptions(email).queryKey, user);
      dispatch({ type: 'registered', user });
    },
    [queryClient, registeringEmail],
  );

  const logout = useCallback(async () => {
    flowRef.current += 1;
    dispatch({ type: 'loggedOut' });
    queryClient.clear();
    api.reset();
    clearAppStorage();
    const sdk = await loadAuthSdk();
    await sdk.signOut(sdk.firebaseAuth());
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({ session, signIn, completeRegistration, logout }),
    [session, signIn, completeRegistration, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};
