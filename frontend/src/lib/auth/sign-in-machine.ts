import { isUniversityEmail, texts, type PublicConfig, type User } from '@campus/contracts';

/**
 * Sign-in after the provider: token check, does the user exist, then either load
 * the profile or decide whether the email may register. `advanceSignIn` is the whole decision as a
 * pure function; `runSignIn` performs its steps.
 */
type SignInStep =
  | { type: 'verifyToken' }
  | { type: 'checkUserExists' }
  | { type: 'loadProfile' }
  | { type: 'loadConfig' }
  | { type: 'checkApprovedEmail' }
  | { type: 'finish'; outcome: SignInOutcome };

export type SignInOutcome =
  | { type: 'signedIn'; user: User }
  | { type: 'needsRegistration'; email: string }
  /** The provider user must be signed out and the message shown on /login. */
  | { type: 'rejected'; message: string };

export type SignInEvent =
  | { type: 'tokenVerified' }
  | { type: 'userChecked'; exists: boolean }
  | { type: 'profileLoaded'; user: User }
  | { type: 'configLoaded'; config: PublicConfig }
  | { type: 'approvalChecked'; approved: boolean }
  /** A step's call failed; `message` is the server's, when it sent one. */
  | { type: 'stepFailed'; message: string | null };

export type SignInState = {
  readonly email: string;
  readonly config: PublicConfig | null;
  readonly next: SignInStep;
};

const finish = (state: SignInState, outcome: SignInOutcome): SignInState => ({
  ...state,
  next: { type: 'finish', outcome },
});

const reject = (state: SignInState, message: string): SignInState =>
  finish(state, { type: 'rejected', message });

/** Where sign-in starts once the provider has signed a user in. */
export const startSignIn = (email: string | null | undefined): SignInState => {
  const state: SignInState = {
    email: email?.trim() ?? '',
    config: null,
    next: { type: 'verifyToken' },
  };
  return state.email ? state : reject(state, texts.signInErrors.googleFailed);
};

const failureMessage = (state: SignInState, serverMessage: string | null): string => {
  const supportEmail = state.config?.supportEmail ?? '';
  switch (state.next.type) {
    case 'verifyToken':
      return serverMessage ?? texts.auth.failed;
    case 'checkUserExists':
      return serverMessage ?? texts.signInErrors.failed;
    case 'loadProfile':
    case 'loadConfig':
      return serverMessage ?? texts.signInErrors.appDataFailed;
    case 'checkApprovedEmail':
      return texts.signInErrors.approvalCheckFailed(supportEmail);
    case 'finish':
      return serverMessage ?? texts.signInErrors.failed;
    default: {
      const unexpected: never = state.next;
      return unexpected;
    }
  }
};

/** The next state after the current step's result. Finished states do not move. */
export const advanceSignIn = (state: SignInState, event: SignInEvent): SignInState => {
  const { next } = state;
  if (next.type === 'finish') return state;
  if (event.type === 'stepFailed') return reject(state, failureMessage(state, event.message));

  switch (event.type) {
    case 'tokenVerified':
      return next.type === 'verifyToken' ? { ...state, next: { type: 'checkUserExists' } } : state;
    case 'userChecked':
      if (next.type !== 'checkUserExists') return state;
      return { ...state, next: { type: event.exists ? 'loadProfile' : 'loadConfig' } };
    case 'profileLoaded':
      return next.type === 'loadProfile'
        ? finish(state, { type: 'signedIn', user: event.user })
        : state;
    case 'configLoaded': {
      if (next.type !== 'loadConfig') return state;
      const withConfig = { ...state, config: event.config };
      return isUniversityEmail(state.email, event.config.universityDomain)
        ? finish(withConfig, { type: 'needsRegistration', email: state.email })
        : { ...withConfig, next: { type: 'checkApprovedEmail' } };
    }
    case 'approvalChecked':
      if (next.type !== 'checkApprovedEmail') return state;
      return event.approved
        ? finish(state, { type: 'needsRegistration', email: state.email })
        : reject(state, texts.signInErrors.notApproved(state.config?.supportEmail ?? ''));
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
};

/** The calls behind each step; the app wires them to the API client, tests to fakes. */
export type SignInCalls = {
  verifyToken: () => Promise<unknown>;
  checkUserExists: (email: string) => Promise<boolean>;
  loadProfile: (email: string) => Promise<User>;
  loadConfig: () => Promise<PublicConfig>;
  checkApprovedEmail: (email: string) => Promise<boolean>;
};

const perform = async (
  step: Exclude<SignInStep, { type: 'finish' }>,
  email: string,
  calls: SignInCalls,
): Promise<SignInEvent> => {
  switch (step.type) {
    case 'verifyToken':
      await calls.verifyToken();
      return { type: 'tokenVerified' };
    case 'checkUserExists':
      return { type: 'userChecked', exists: await calls.checkUserExists(email) };
    case 'loadProfile':
      return { type: 'profileLoaded', user: await calls.loadProfile(email) };
    case 'loadConfig':
      return { type: 'configLoaded', config: await calls.loadConfig() };
    case 'checkApprovedEmail':
      return { type: 'approvalChecked', approved: await calls.checkApprovedEmail(email) };
    default: {
      const unexpected: never = step;
      return unexpected;
    }
  }
};

/** The message the server sent with a failed call, if any (ApiError and plain errors alike). */
type ServerMessageOf = (error: unknown) => string | null;

export const runSignIn = async (
  email: string | null | undefined,
  calls: SignInCalls,
  serverMessageOf: ServerMessageOf,
): Promise<SignInOutcome> => {
  let state = startSignIn(email);
  while (state.next.type !== 'finish') {
    let event: SignInEvent;
    try {
      event = await perform(state.next, state.email, calls);
    } catch (error) {
      event = { type: 'stepFailed', message: serverMessageOf(error) };
    }
    const before = state.next;
    state = advanceSignIn(state, event);
    if (state.next === before) break;
  }
  return state.next.type === 'finish'
    ? state.next.outcome
    : { type: 'rejected', message: texts.signInErrors.failed };
};
