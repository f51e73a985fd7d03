import { describe, expect, it } from 'vitest';
import { isTransientFailure } from './transient-errors';

const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isTransientFailure', () => {
  it.each([
    ['a deadlock', pgError('40P01', 'deadlock detected')],
    ['a serialization failure', pgError('40001')],
    ['a lock not available', pgError('55P03')],
    ['an administrator shutdown', pgError('57P01')],
    ['a refused connection (class 08)', pgError('08006')],
    ['too many connections (class 53)', pgError('53300')],
    ['a reset socket', pgError('ECONNRESET')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a deadlock behind a wrapper', new Error('batch failed', { cause: pgError('40P01') })],
  ])('counts %s as passing trouble', (_, error) => {
    expect(isTransientFailure(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a check violation', pgError('23514')],
    ['a value too long', pgError('22001')],
    ['an undefined column', pgError('42703')],
    ['a bug in a projection', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing at all', undefined],
    ['a string', 'deadlock'],
  ])('counts %s as the event’s own failure', (_, error) => {
    expect(isTransientFailure(error)).toBe(false);
  });
});
