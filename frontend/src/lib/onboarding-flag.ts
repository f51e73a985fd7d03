import { useSyncExternalStore } from 'react';
import { APP_STORAGE_PREFIX } from './app-storage';

/** Set after registration: /opportunities shows the onboarding banner until it is dismissed. */
const KEY = `${APP_STORAGE_PREFIX}onboarding`;
const listeners = new Set<() => void>();
let pendingInMemory = false;

const read = (): boolean => {
  try {
    return globalThis.localStorage.getItem(KEY) === 'pending';
  } catch {
    return pendingInMemory;
  }
};

const write = (pending: boolean) => {
  pendingInMemory = pending;
  try {
    if (pending) globalThis.localStorage.setItem(KEY, 'pending');
    else globalThis.localStorage.removeItem(KEY);
  } catch {
    // Without storage the banner simply does not survive a reload.
  }
  for (const listener of listeners) listener();
};

export const startOnboarding = () => write(true);
export const finishOnboarding = () => write(false);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOnboardingPending = (): boolean =>
  useSyncExternalStore(subscribe, read, () => false);
