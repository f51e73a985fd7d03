import { describe, expect, it } from 'vitest';
import { comparePositions, parsePosition } from '../event-store/position';
import {
  decodeConsistencyToken,
  encodeConsistencyToken,
  newestConsistencyToken,
} from './consistency';

describe('consistency tokens', () => {
  it('round-trips a position', () => {
    const p = { txn: 18446744073709551615n, seq: 42n };
    expect(decodeConsistencyToken(encodeConsistencyToken(p))).toEqual(p);
  });

  it('refuses tokens it did not make', () => {
    expect(decodeConsistencyToken('12.3')).toBeNull();
    expect(decodeConsistencyToken('v1.12')).toBeNull();
    expect(decodeConsistencyToken('v1.-1.2')).toBeNull();
  });

  it('keeps the newest by transaction, then position', () => {
    const a = encodeConsistencyToken({ txn: 10n, seq: 900n });
    const b = encodeConsistencyToken({ txn: 11n, seq: 5n });
    expect(newestConsistencyToken(a, b)).toBe(b);
    expect(newestConsistencyToken(b, a)).toBe(b);
    expect(newestConsistencyToken(null, a)).toBe(a);
    expect(newestConsistencyToken('garbage', a)).toBe(a);
  });

  it('orders positions lexicographically', () => {
    expect(comparePositions({ txn: 1n, seq: 9n }, { txn: 2n, seq: 1n })).toBe(-1);
    expect(comparePositions({ txn: 2n, seq: 1n }, { txn: 2n, seq: 1n })).toBe(0);
    expect(parsePosition('3.4')).toEqual({ txn: 3n, seq: 4n });
  });
});
