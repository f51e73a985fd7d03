import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { z } from 'zod';
import type { EventToAppend } from '@campus/contracts';
import { createEventStore } from '../src/event-store/create-event-store';
import { createTestDatabase, ensureTemplateDatabase } from '../src/testing/database';

/**
 * `npm run bench`: measures against the real local Postgres and writes bench/results.md, each
 * figure beside its baseline from the same run. BENCH_SECONDS sets each measurement's length.
 */
const env = z
  .object({
    BENCH_SECONDS: z.coerce.number().positive().default(5),
    BENCH_OUT: z.string().default('bench/results.md'),
  })
  .parse(process.env);

type Row = { benchmark: string; writers: number; rate: number; baseline: number; unit: string };

const metadata = {
  actorUserId: null,
  correlationId: randomUUID(),
  causationId: null,
  commandName: 'Bench',
  occurredAt: new Date().toISOString(),
};
const anEvent = (): EventToAppend => ({
  eventId: randomUUID(),
  type: 'UserSignedUp',
  data: {
    v: 1,
    opportunityId: randomUUID(),
    userId: randomUUID(),
    byUserId: randomUUID(),
    at: metadata.occurredAt,
  },
  metadata,
});

/** Runs `work` on `writers` concurrent loops for the configured time; answers operations per second. */
const measure = async (writers: number, work: () => Promise<number>): Promise<number> => {
  const deadline = Date.now() + env.BENCH_SECONDS * 1000;
  const started = Date.now();
  const counts = await Promise.all(
    Array.from({ length: writers }, async () => {
      let n = 0;
      while (Date.now() < deadline) n += await work();
      return n;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / ((Date.now() - started) / 1000);
};

await ensureTemplateDatabase();
const db = await createTestDatabase({ poolMax: 40 });
const rows: Row[] = [];
try {
  await db.pool.query(`CREATE TABLE public.raw_events (LIKE es.events INCLUDING ALL)`);
  const store = await createEventStore({ pool: db.pool });
  const rawInsert = async () => {
    const e = anEvent();
    await db.pool.query(
      `INSERT INTO public.raw_events (stream_id, stream_revision, event_id, event_type, data, metadata)
       VALUES ($1, 0, $2, $3, $4, $5)`,
      [`raw-${e.eventId}`, e.eventId, e.type, e.data, e.metadata],
    );
    return 1;
  };
  for (const writers of [1, 8, 32]) {
    const baseline = await measure(writers, rawInsert);
    const rate = await measure(writers, async () => {
      await store.append(`bench-${randomUUID()}`, [anEvent()], { expectedRevision: 'no_stream' });
      return 1;
    });
    rows.push({
      benchmark: 'event store: single-event appends to new streams',
      writers,
      rate,
      baseline,
      unit: 'events/s',
    });
    console.log(
      `appends x${String(writers)}: ${rate.toFixed(0)}/s (raw inserts ${baseline.toFixed(0)}/s)`,
    );
  }
  const batchRate = await measure(8, async () => {
    await store.append(`bench-${randomUUID()}`, Array.from({ length: 100 }, anEvent), {
      expectedRevision: 'no_stream',
    });
    return 100;
  });
  const rawBatch = await measure(8, async () => {
    for (let i = 0; i < 100; i++) await rawInsert();
    return 100;
  });
  rows.push({
    benchmark: 'event store: 100-event batches',
    writers: 8,
    rate: batchRate,
    baseline: rawBatch,
    unit: 'events/s',
  });
  await store.close();
} finally {
  await db.drop();
}

const cpu = cpus()[0]?.model ?? 'unknown';
const lines = [
  '# Benchmarks',
  '',
  `Run ${new Date().toISOString()} on ${String(cpus().length)} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB,`,
  `Node ${process.version}, each measurement ${String(env.BENCH_SECONDS)} s. Command: \`npm run bench\`.`,
  '',
  '| benchmark | writers | result | baseline (raw single-row INSERTs, same run) | ratio |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.benchmark} | ${String(r.writers)} | ${r.rate.toFixed(0)} ${r.unit} | ${r.baseline.toFixed(0)} ${r.unit} | ${(r.rate / r.baseline).toFixed(2)} |`,
  ),
  '',
];
await mkdir('bench', { recursive: true });
await writeFile(env.BENCH_OUT, lines.join('\n'));
console.log(`wrote ${env.BENCH_OUT}`);
