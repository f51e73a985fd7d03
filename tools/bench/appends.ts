import { randomUUID } from 'node:crypto';
import {
  getPostgreSQLEventStore,
  type PostgresEventStore,
} from '@event-driven-io/emmett-postgresql';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import pg from 'pg';
import type { EventToAppend } from '@campus/contracts';
import { createEventStore } from '@campus/infra';
import { phaseMs } from './shared/config';
import { rateOver, sleep } from './shared/measure';
import { fmt, type BenchModule, type BenchRow } from './shared/report';
import { createBenchDatabase } from './shared/resources';

/**
 * 1. Event store appends: single-event appends to new streams at 1, 8 and 32 writers and 100-event
 * batches, beside raw single-row INSERTs of the same rows into a plain table with the same columns
 * and beside the Emmett PostgreSQL event store doing the same appends. Each configuration runs in
 * rounds alternating the three systems, and the best round counts (the machine is shared).
 */
const ROUNDS = 2;
const WRITERS = [1, 8, 32] as const;
/** One connection per writer; Postgres allows 100 in all and other work shares them. */
const MAX_WRITERS = 32;
const BATCH = 100;
const BATCH_WRITERS = 8;

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

type Rates = { campus: number; raw: number; emmett: number };

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

      const single = {
        raw: async () => {
          await rawInsert(anEvent());
          return 1;
        },
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
      };
      const batch = {
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
        work: Record<keyof Rates, () => Promise<number>>,
      ): Promise<Rates> => {
        const best: Rates = { campus: 0, raw: 0, emmett: 0 };
        // Warm each path (prepared statements, pool connections) before timing it.
        for (const key of ['raw', 'campus', 'emmett'] as const) {
          await rateOver(writers, 300, work[key]);
          await sleep(400);
        }
        for (let round = 0; round < ROUNDS; round++) {
          for (const key of ['raw', 'campus', 'emmett'] as const) {
            best[key] = Math.max(best[key], await rateOver(writers, phaseMs(), work[key]));
            // Lets the previous system's idle connections close before the next one opens its own.
            await sleep(400);
          }
        }
        console.log(
          `  appends x${String(writers)}: campus ${fmt(best.campus)}/s, raw ${fmt(best.raw)}/s, emmett ${fmt(best.emmett)}/s`,
        );
        return best;
      };

      const rows: BenchRow[] = [];
      const raw: Record<string, Rates> = {};
      for (const writers of WRITERS) {
        const r = await measureAll(writers, single);
        raw[`single_x${String(writers)}`] = r;
        rows.push({
          measurement: `single-event appends, ${String(writers)} writer${writers > 1 ? 's' : ''}`,
          result: `${fmt(r.campus)} events/s (${(r.campus / r.raw).toFixed(2)} of raw)`,
          baseline: `raw INSERTs ${fmt(r.raw)}/s; Emmett ${fmt(r.emmett)}/s (${(r.emmett / r.raw).toFixed(2)} of raw)`,
          target: writers === 8 ? '≥ 0.70 of raw' : '',
          met: writers === 8 ? r.campus / r.raw >= 0.7 : null,
        });
      }
      const b = await measureAll(BATCH_WRITERS, batch);
      raw['batch100_x8'] = b;
      rows.push({
        measurement: `${String(BATCH)}-event batches, ${String(BATCH_WRITERS)} writers`,
        result: `${fmt(b.campus)} events/s (${(b.campus / b.raw).toFixed(2)} of raw)`,
        baseline: `raw single-row INSERTs ${fmt(b.raw)}/s; Emmett ${fmt(b.emmett)}/s`,
        target: '',
        met: null,
      });
      await store.close();
      return { rows, raw };
    } finally {
      await emmett?.close().catch(() => undefined);
      await emmettPool.end().catch(() => undefined);
      await db.drop();
    }
  },
};
