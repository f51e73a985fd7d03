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
 * but the three requests go out together when the token check starts: most sign-ins are of
 * registered users (every reload of a signed-in page runs the flow), so their round trips overlap
 * into one. Each request carries the same ID token and is verified on its own; the machine reads
 * an answer only once the steps before it succeeded, and a new user's profile request answers 404
 * and is never read.
 */
export const overlappedSignInCalls = (
  calls: SignInCalls,
  email: string | null | undefined,
): SignInCalls => {
  const checkUserExists = oncePerEmail(calls.checkUserExists);
  const loadProfile = oncePerEmail(calls.loadProfile);
  // A request started early fails, if it does, in the step that reads it.
  const early = (call: Promise<unknown>) => void call.catch(() => {});
  return {
    ...calls,
    verifyToken: () => {
      const address = email?.trim();
      if (address) {
        early(checkUserExists(address));
        early(loadProfile(address));
      }
      return calls.verifyToken();
    },
    checkUserExists,
    loadProfile,
  };
};
