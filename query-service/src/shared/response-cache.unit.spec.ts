import { describe, expect, it } from 'vitest';
import { createResponseCache, createSharedAnswerCache } from './response-cache';

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

describe('createSharedAnswerCache', () => {
  const at = (seq: number) => ({ txn: 1n, seq: BigInt(seq) });

  it('keeps an answer while the read model moves on, for requests without a token', async () => {
    let now = 0;
    let computed = 0;
    const cache = createSharedAnswerCache<string>({ ttlMs: 1_000, maxEntries: 4, now: () => now });
    const compute = () => Promise.resolve(`body ${String(++computed)}`);
    expect(await cache.get('k', at(1), null, compute)).toBe('body 1');
    expect(await cache.get('k', at(5), null, compute)).toBe('body 1');
    now = 1_000;
    expect(await cache.get('k', at(5), null, compute)).toBe('body 2');
  });

  it("never answers a request from before its token: the client's own write is in its answer", async () => {
    let computed = 0;
    const cache = createSharedAnswerCache<string>({ ttlMs: 60_000, maxEntries: 4 });
    const compute = () => Promise.resolve(`body ${String(++computed)}`);
    expect(await cache.get('k', at(1), null, compute)).toBe('body 1');
    // The token names position 3, now visible: the entry of position 1 may predate that write.
    expect(await cache.get('k', at(3), at(3), compute)).toBe('body 2');
    // Computed at 3: good for a token of 3 or older, and for requests without one.
    expect(await cache.get('k', at(4), at(2), compute)).toBe('body 2');
    expect(await cache.get('k', at(4), null, compute)).toBe('body 2');
  });

  it('keeps nothing while the position is unknown, and an older answer never replaces a newer one', async () => {
    let computed = 0;
    const cache = createSharedAnswerCache<string>({ ttlMs: 60_000, maxEntries: 4 });
    const compute = () => Promise.resolve(`body ${String(++computed)}`);
    expect(await cache.get('k', null, null, compute)).toBe('body 1');
    expect(await cache.get('k', null, null, compute)).toBe('body 2');
    let finishOld: (body: string) => void = () => undefined;
    const old = cache.get('k', at(1), null, () => new Promise<string>((r) => (finishOld = r)));
    // A request whose token is past the computation in flight does not share it.
    expect(await cache.get('k', at(2), at(2), compute)).toBe('body 3');
    finishOld('old');
    expect(await old).toBe('old');
    expect(await cache.get('k', at(2), null, compute)).toBe('body 3');
  });
});
