/**
 * Groups an async iterable into batches: a batch closes when it holds `maxSize` items, or when no
 * further item arrives within `idleMs` (so a quiet stream is flushed promptly).
 */
export async function* batches<T>(
  source: AsyncIterable<T>,
  options: { readonly maxSize: number; readonly idleMs: number },
): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = null;
  let batch: T[] = [];
  try {
    for (;;) {
      pending ??= iterator.next();
      let timer: NodeJS.Timeout | undefined;
      const next = batch.length
        ? await Promise.race([
            pending,
            new Promise<'idle'>((resolve) => {
              timer = setTimeout(() => resolve('idle'), options.idleMs);
            }),
          ])
        : await pending;
      clearTimeout(timer);
      if (next === 'idle') {
        yield batch;
        batch = [];
        continue;
      }
      pending = null;
      if (next.done) break;
      batch.push(next.value);
      if (batch.length >= options.maxSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    await iterator.return?.();
  }
}
