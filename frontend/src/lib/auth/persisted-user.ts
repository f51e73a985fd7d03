/**
 * Where Firebase keeps a signed-in user between page loads: under this key prefix in local
 * storage, or in session storage when local storage is unavailable (the persistence order of
 * firebase-sdk.ts; memory keeps nothing across a load).
 */
const FIREBASE_USER_KEY_PREFIX = 'firebase:authUser:';

type StorageOf = () => Storage;

const holdsUser = (storageOf: StorageOf): boolean => {
  try {
    const storage = storageOf();
    for (let i = 0; i < storage.length; i += 1) {
      if (storage.key(i)?.startsWith(FIREBASE_USER_KEY_PREFIX)) return true;
    }
    return false;
  } catch {
    // Storage that cannot be read may still hold a user: wait for Firebase to tell.
    return true;
  }
};

/**
 * Whether a reload may find someone signed in. When neither storage holds a Firebase user, the
 * visitor is signed out: the sign-in page renders at once, while Firebase loads beside it, instead
 * of a spinner until Firebase has started and said so itself.
 */
export const mayHavePersistedUser = (
  storages: readonly StorageOf[] = [() => globalThis.localStorage, () => globalThis.sessionStorage],
): boolean => storages.some(holdsUser);
