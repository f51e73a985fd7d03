import type { SignInCalls } from './sign-in-machine';

/** `start` called once per email: a later call answers the first call's promise. */
const oncePerEmail = <T>(start: (email: string) => Promise<T>) => {
  const started = new Map<string, Promise<T>>();
  return (email: string): Promise<T> => {
    const known = started.get(email);
    if (known) return known;
    const call = start(email);
    started.set(email, call);
    return call;
  };
};

/**
 * The calls of one sign-in flow for the provider's `email`, overlapped. The machine takes its
 * steps one after another (token check, existence check, then the profile; sign-in-machine.ts),
 * but the existence check goes out with the token check: both answer for any valid token (the
 * token check with the caller, the existence check yes or no), so every sign-in, and every reload
 * of a signed-in page, waits one round trip less. Each request carries the same ID token and is
 * verified on its own; the machine reads the existence answer only once the token check succeeded.
 * The profile is not asked for early: for a new user it answers 404, which the browser reports.
 */
export const overlappedSignInCalls = (
  calls: SignInCalls,
  email: string | null | undefined,
): SignInCalls => {
  const checkUserExists = oncePerEmail(calls.checkUserExists);
  // A request started early fails, if it does, in the step that reads it.
  const early = (call: Promise<unknown>) => void call.catch(() => {});
  return {
    ...calls,
    verifyToken: () => {
      const address = email?.trim();
      if (address) early(checkUserExists(address));
      return calls.verifyToken();
    },
    checkUserExists,
  };
};
