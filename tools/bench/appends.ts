import { randomUUID } from 'node:crypto';
import {
  getPostgreSQLEventStore,
  type PostgresEventStore,
} from '@event-driven-io/emmett-postgresql';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import pg from 'pg';
import type { EventStore, EventToAppend } from '@campus/contracts';
import { createEventStore } from '@campus/infra';
import { phaseMs } from './shared/config';
import { rateOver, sleep } from './shared/measure';
import { fmt, type BenchModule, type BenchRow } from './shared/report';
import { createBenchDatabase } from './shared/resources';

/**
 * 1. Event store appends, each configuration in rounds alternating the systems (the best round
 * counts; the machine is shared):
 * - the command service's path: single-event appends expecting the exact current revision of
 *   streams that already hold events, through `EventStore.append` (so through its group commit),
 *   each writer on streams of its own as `handleCommand` is (one append per stream at a time);
 * - single-event `no_stream` appends to new streams through the same store;
 * - raw single-row INSERTs of the same rows into a plain table with the same columns and indexes;
 * - the Emmett PostgreSQL event store appending to new streams;
 * at 1, 8 and 32 writers, and 100-event batches at 8 writers.
 */
const ROUNDS = 2;
const WRITERS = [1, 8, 32] as const;
/** One connection per writer; Postgres allows 100 in all and other work shares them. */
const MAX_WRITERS = 32;
const BATCH = 100;
const BATCH_WRITERS = 8;
/** Streams each writer of the command service's path cycles through, and their events at the start. */
const STREAMS_PER_WRITER = 50;
const SEEDED_EVENTS = 3;
/** The production path's share of raw INSERTs to reach at these writer counts. */
const TARGET = 0.8;
const TARGET_WRITERS: readonly number[] = [8, 32];

const anEvent = (): EventToAppend => {
  const at = new Date().toISOString();
  return {
    eventId: randomUUID(),
    type: 'UserSignedUp',
    data: { v: 1, opportunityId: randomUUID(), userId: randomUUID(), byUserId: randomUUID(), at },
    metadata: {
      actorUserId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      commandName: 'SignUpForOpportunity',
      occurredAt: at,
    },
  };
};

type System = 'exact' | 'campus' | 'raw' | 'emmett';
type Rates = Record<System, number>;
const SYSTEMS: readonly System[] = ['raw', 'exact', 'campus', 'emmett'];

/**
 * The command service's path on `writers * STREAMS_PER_WRITER` streams that already hold events:
 * each append takes the stream waiting longest, appends one event expecting the revision its last
 * append returned (as the command service appends on the state it remembers) and puts it back. A
 * stream is in one append at a time, as `handleCommand` serialises each stream.
 */
const existingStreams = async (store: EventStore, writers: number) => {
  const queue = await Promise.all(
    Array.from({ length: writers * STREAMS_PER_WRITER }, async () => {
      const id = `bench-existing-${randomUUID()}`;
      const events = Array.from({ length: SEEDED_EVENTS }, anEvent);
      const { nextRevision } = await store.append(id, events, { expectedRevision: 'no_stream' });
      return { id, revision: nextRevision };
    }),
  );
  return async () => {
    const stream = queue.shift();
    if (!stream) throw new Error('more writers than streams');
    try {
      const { nextRevision } = await store.append(stream.id, [anEvent()], {
        expectedRevision: stream.revision,
      });
      stream.revision = nextRevision;
    } finally {
      queue.push(stream);
    }
    return 1;
  };
};

export const appendsBench: BenchModule = {
  name: 'appends',
  title: 'Event store appends',
  async run() {
    const db = await createBenchDatabase('appends', {
      poolMax: MAX_WRITERS,
      idleTimeoutMillis: 200,
    });
    const emmettPool = new pg.Pool({
      connectionString: db.url,
      max: MAX_WRITERS,
      idleTimeoutMillis: 200,
    });
    let emmett: PostgresEventStore | null = null;
    try {
      await db.pool.query(`CREATE TABLE public.raw_events (LIKE es.events INCLUDING ALL)`);
      const store = await createEventStore({ pool: db.pool });
      emmett = getPostgreSQLEventStore(db.url, {
        connectionOptions: { pool: emmettPool },
        schema: { autoMigration: 'CreateOrUpdate' },
      });
      await emmett.schema.migrate();
      const emmettStore = emmett;

      const rawInsert = async (e: EventToAppend) => {
        await db.pool.query({
          name: 'raw-insert',
          text: `INSERT INTO public.raw_events (stream_id, stream_revision, event_id, event_type, data, metadata)
                 VALUES ($1, 0, $2, $3, $4, $5)`,
          values: [`raw-${e.eventId}`, e.eventId, e.type, e.data, e.metadata],
        });
      };
      const toEmmett = (e: EventToAppend) => ({
        type: e.type,
        data: e.data,
        metadata: e.metadata as unknown as Record<string, unknown>,
      });

      const single = async (writers: number): Promise<Record<System, () => Promise<number>>> => ({
        raw: async () => {
          await rawInsert(anEvent());
          return 1;
        },
        exact: await existingStreams(store, writers),
        campus: async () => {
          await store.append(`bench-${randomUUID()}`, [anEvent()], {
            expectedRevision: 'no_stream',
          });
          return 1;
        },
        emmett: async () => {
          await emmettStore.appendToStream(`bench-${randomUUID()}`, [toEmmett(anEvent())], {
            expectedStreamVersion: STREAM_DOES_NOT_EXIST,
          });
          return 1;
        },
      });
      const batch: Partial<Record<System, () => Promise<number>>> = {
        raw: async () => {
          for (let i = 0; i < BATCH; i++) await rawInsert(anEvent());
          return BATCH;
        },
        campus: async () => {
          await store.append(`bench-${randomUUID()}`, Array.from({ length: BATCH }, anEvent), {
            expectedRevision: 'no_stream',
          });
          return BATCH;
        },
        emmett: async () => {
          await emmettStore.appendToStream(
            `bench-${randomUUID()}`,
            Array.from({ length: BATCH }, () => toEmmett(anEvent())),
            { expectedStreamVersion: STREAM_DOES_NOT_EXIST },
          );
          return BATCH;
        },
      };

      const measureAll = async (
        writers: number,
        work: Partial<Record<System, () => Promise<number>>>,
      ): Promise<Rates> => {
        const best: Rates = { exact: 0, campus: 0, raw: 0, emmett: 0 };
        const systems = SYSTEMS.flatMap((key) => {
          const run = work[key];
          return run ? [{ key, run }] : [];
        });
        // Warm each path (prepared statements, pool connections) before timing it.
        for (const { run } of systems) {
          await rateOver(writers, 300, run);
          await sleep(400);
        }
        for (let round = 0; round < ROUNDS; round++) {
          for (const { key, run } of systems) {
            best[key] = Math.max(best[key], await rateOver(writers, phaseMs(), run));
            // Lets the previous system's idle connections close before the next one opens its own.
            await sleep(400);
          }
        }
        console.log(
          `  appends x${String(writers)}: exact ${fmt(best.exact)}/s, no_stream ${fmt(best.campus)}/s, raw ${fmt(best.raw)}/s, emmett ${fmt(best.emmett)}/s`,
        );
        return best;
      };

      const ofRaw = (n: number, r: Rates) =>
        `${fmt(n)} events/s (${(n / r.raw).toFixed(2)} of raw)`;
      const plural = (writers: number) => `${String(writers)} writer${writers > 1 ? 's' : ''}`;
      const rows: BenchRow[] = [];
      const raw: Record<string, Rates> = {};
      for (const writers of WRITERS) {
        const r = await measureAll(writers, await single(writers));
        raw[`single_x${String(writers)}`] = r;
        const targeted = TARGET_WRITERS.includes(writers);
        rows.push({
          measurement: `single-event appends expecting the exact revision of streams that hold events (the command service's path, group commit included), ${plural(writers)}`,
          result: ofRaw(r.exact, r),
          baseline: `raw INSERTs ${fmt(r.raw)}/s`,
          target: targeted ? `≥ ${TARGET.toFixed(2)} of raw` : '',
          met: targeted ? r.exact / r.raw >= TARGET : null,
        });
        rows.push({
          measurement: `single-event no_stream appends to new streams, ${plural(writers)}`,
          result: ofRaw(r.campus, r),
          baseline: `raw INSERTs ${fmt(r.raw)}/s; Emmett ${ofRaw(r.emmett, r)}`,
          target: '',
          met: null,
        });
      }
      const b = await measureAll(BATCH_WRITERS, batch);
      raw['batch100_x8'] = b;
      rows.push({
        measurement: `${String(BATCH)}-event no_stream batches to new streams, ${plural(BATCH_WRITERS)}`,
        result: ofRaw(b.campus, b),
        baseline: `raw single-row INSERTs ${fmt(b.raw)}/s; Emmett ${fmt(b.emmett)}/s`,
        target: '',
        met: null,
      });
      await store.close();
      return {
        rows,
        raw,
        notes: [
          `The command service's path: ${String(STREAMS_PER_WRITER)} streams per writer, each seeded with ${String(SEEDED_EVENTS)} events; every append is one event expecting the stream's current revision, one append per stream at a time. Raw INSERTs: one single-row INSERT per event, autocommit, into a copy of es.events' columns and indexes. Best of ${String(ROUNDS)} rounds per system, alternating.`,
        ],
      };
    } finally {
      await emmett?.close().catch(() => undefined);
      await emmettPool.end().catch(() => undefined);
      await db.drop();
    }
  },
};
