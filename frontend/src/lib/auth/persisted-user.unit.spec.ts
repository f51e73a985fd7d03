import { describe, expect, it } from 'vitest';
import { mayHavePersistedUser } from './persisted-user';

/** A Storage holding `entries` (jsdom's localStorage is shared between tests; this is not). */
const storageWith = (entries: Record<string, string>): Storage => {
  const keys = Object.keys(entries);
  return {
    length: keys.length,
    key: (index: number) => keys[index] ?? null,
    getItem: (key: string) => entries[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
  };
};

const userKey = 'firebase:authUser:demo-key:[DEFAULT]';

describe('mayHavePersistedUser', () => {
  it('says no when neither storage holds a Firebase user', () => {
    const other = storageWith({ 'campus.consistencyToken': '1.2', theme: 'dark' });
    expect(mayHavePersistedUser([() => other, () => storageWith({})])).toBe(false);
  });

  it('says yes when local or session storage holds one', () => {
    const user = storageWith({ [userKey]: '{"uid":"u1"}' });
    expect(mayHavePersistedUser([() => user, () => storageWith({})])).toBe(true);
    expect(mayHavePersistedUser([() => storageWith({}), () => user])).toBe(true);
  });

  it('says yes when a storage cannot be read, so Firebase decides', () => {
    const blocked = () => {
      throw new Error('SecurityError');
    };
    expect(mayHavePersistedUser([blocked, () => storageWith({})])).toBe(true);
  });
});
