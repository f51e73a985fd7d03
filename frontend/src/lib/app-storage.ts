/** Every key this app writes to web storage starts with this prefix, so logout can clear them all. */
export const APP_STORAGE_PREFIX = 'campus.';

const clearPrefixed = (storage: Storage) => {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(APP_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
};

export const clearAppStorage = (): void => {
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      clearPrefixed(storage);
    } catch {
      // Storage can be unavailable (private mode, blocked cookies); nothing to clear then.
    }
  }
};
