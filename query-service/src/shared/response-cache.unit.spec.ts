import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache';

describe('createResponseCache', () => {
  it('answers a key from memory until its time is up, then computes it again', async () => {
    let now = 0;
    let computed = 0;
    const cache = createResponseCache({ ttlMs: 1_000, maxEntries: 4, now: () => now });
    const compute = () => Promise.resolve(`body ${String(++computed)}`);
    expect(await cache.get('a', compute)).toBe('body 1');
    now = 999;
    expect(await cache.get('a', compute)).toBe('body 1');
    now = 1_000;
    expect(await cache.get('a', compute)).toBe('body 2');
    expect(await cache.get('b', compute)).toBe('body 3');
  });

  it('never keeps an answer without a key, and shares one computation between concurrent calls', async () => {
    let computed = 0;
    const cache = createResponseCache({ ttlMs: 1_000, maxEntries: 4 });
    const compute = () => Promise.resolve(`body ${String(++computed)}`);
    expect(await cache.get(null, compute)).toBe('body 1');
    expect(await cache.get(null, compute)).toBe('body 2');
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', compute)));
    expect(answers).toEqual(['body 3', 'body 3', 'body 3']);
  });

  it('keeps at most maxEntries keys and does not keep a failed computation', async () => {
    let computed = 0;
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    const compute = () => Promise.resolve(`body ${String(++computed)}`);
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute);
    expect(await cache.get('a', compute)).toBe('body 4');
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', compute)).toBe('body 5');
  });
});
