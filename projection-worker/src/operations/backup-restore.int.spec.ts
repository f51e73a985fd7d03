import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  START_POSITION,
  toOpportunityStreamId,
  toUserStreamId,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@campus/contracts';
import {
  createEventStore,
  createPersonalDataVault,
  createPool,
  measureSubscriberLag,
  SubjectErasedError,
  type PersonalDataVault,
  type Pool,
} from '@campus/infra';
import {
  boardsUnder,
  deleteRedisPrefix,
  readModelSnapshot,
  serviceTestEnv,
  spawnServiceProcess,
  startPrivatePostgres,
  testRedisPrefix,
  WRITE_TIME_COLUMNS,
  type ColumnsLeftOut,
  type PrivatePostgres,
} from '@campus/infra/testing';
import { z } from 'zod';
import { replayProjections } from '../jobs/replay/replay';
import { messagesOfEvent, queueMessages, reminderId } from '../outbox/messages';
import { relayStart } from '../outbox/relay';
import { runProjections } from '../projector/run-projections';
import { allProjections } from '../projections';
import {
  announcementPosted,
  friendRequested,
  mailPreferencesChanged,
  signedUp,
  unregistered,
  type TestEvent,
} from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { seedHistory, type SeededHistory } from '../testing/history';
import {
  advanceTransactionCounter,
  consumeTransactionIds,
  nextTransactionId,
} from '../testing/transaction-counter';
import { restoreEventStore } from './restore';

/**
 * Backup and restore of the event store between clusters whose transaction counters differ
 * (docs/adr/0015-backup-restore-and-xid8.md). The source is a database on the shared server; the
 * targets are servers of the test's own: a new cluster, whose counter is lower than the source's,
 * and one whose counter (epoch included) was moved far past it with pg_resetwal.
 *
 * BACKUP_TEST_EVENTS adds that many events to the history (CI: 300); a larger local run, e.g.
 * BACKUP_TEST_EVENTS=100000, pages through many batches of the backup's cursor and the restore.
 */
const EXTRA_EVENTS = Number(process.env['BACKUP_TEST_EVENTS'] ?? 300);
/** How far the higher cluster's counter is moved: epoch 5, xid 2^30. */
const HIGH_EPOCH = 5;
const HIGH_XID = 2 ** 30;

const personalSchema = z.object({ firstName: z.string() }).loose();

/** Every settled event of a store, in global order. */
const allEvents = async (store: EventStore): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  let from = START_POSITION;
  for (;;) {
    const page = await store.readAll({ from, max: 1_000 });
    out.push(...page);
    const last = page.at(-1);
    if (!last || page.length < 1_000) return out;
    from = last.position;
  }
};

/** What must survive a restore: everything of an event but its position. */
const content = (e: RecordedEvent) => ({
  eventId: e.eventId,
  streamId: e.streamId,
  revision: e.revision,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
  recordedAt: e.recordedAt,
});

/**
 * What a read-model snapshot leaves out between two databases holding the same facts: the
 * checkpoints' positions and times (the positions are renumbered) and the ledger's identity.
 */
const RENUMBERED: ColumnsLeftOut = {
  ...WRITE_TIME_COLUMNS,
  checkpoints: ['txn', 'seq', 'visible_txn', 'visible_seq', 'updated_at'],
  point_ledger: ['id'],
};

/** The rows restored as they were: personal-data keys, erasures and the outbox's messages. */
const keptRows = async (pool: Pool) => {
  const epoch = (column: string) => `extract(epoch FROM ${column})::text AS ${column}`;
  const query = async (sql: string) => (await pool.query<Record<string, unknown>>(sql)).rows;
  return {
    keys: await query(
      `SELECT subject, encode(key, 'hex') AS key, ${epoch('created_at')}
         FROM pii.subject_keys ORDER BY subject`,
    ),
    erasures: await query(
      `SELECT subject, ${epoch('erased_at')} FROM pii.erasures ORDER BY subject`,
    ),
    outbox: await query(
      `SELECT id, kind, user_id, payload, status, attempts, last_error, ${epoch('created_at')},
              ${epoch('next_attempt_at')}, ${epoch('sent_at')}
         FROM outbox.messages ORDER BY id`,
    ),
  };
};

/** A database of the product with an event store, a vault and a board prefix on the test Redis. */
type Side = {
  readonly pool: Pool;
  readonly store: EventStore;
  readonly vault: PersonalDataVault;
  readonly prefix: string;
};

const openSide = async (url: string, label: string): Promise<Side> => {
  const pool = createPool(url, { max: 6, applicationName: `test:${label}` });
  return {
    pool,
    store: await createEventStore({ pool }),
    vault: createPersonalDataVault(pool),
    prefix: testRedisPrefix(label),
  };
};

describe('backup and restore of the event store across clusters', () => {
  let h: ProjectionHarness;
  let seeded: SeededHistory;
  let low: PrivatePostgres;
  let high: PrivatePostgres;
  let dir: string;
  let file: string;
  /** The source's events (and so the backup's), in global order. */
  let sourceEvents: RecordedEvent[];
  /** Appended after the backup: to the source once, to each restored target. */
  let newEvents: TestEvent[];
  /** The source's keys, erasures and outbox messages when it was backed up. */
  let sourceKept: Awaited<ReturnType<typeof keptRows>>;
  const sides: Side[] = [];
  const closers: (() => Promise<void>)[] = [];

  /** Runs the projector on `side` until it has applied everything up to `head`. */
  const project = async (side: Side, head: GlobalPosition) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 20_000);
    let caughtUp = false;
    try {
      await runProjections({
        store: side.store,
        pool: side.pool,
        vault: side.vault,
        logger: h.logger,
        projections: allProjections,
        redis: h.redis,
        keyPrefix: side.prefix,
        signal: controller.signal,
        onBatch: ({ last }) => {
          if (comparePositions(last, head) >= 0) {
            caughtUp = true;
            controller.abort();
          }
        },
      });
    } finally {
      clearTimeout(timer);
    }
    expect(caughtUp, 'the projector caught up').toBe(true);
  };

  /** The operator CLI against `databaseUrl`: its exit code and everything it printed. */
  const operator = async (databaseUrl: string, args: string[]) => {
    const cli = spawnServiceProcess(
      'operator',
      serviceTestEnv({ databaseUrl, redisPrefix: testRedisPrefix('backup-cli') }),
      { script: 'projection-worker/src/cli/main.ts', args, keepAllOutput: true },
    );
    await cli.exited;
    return { code: cli.child.exitCode, output: cli.output() };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'campus-backup-'));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    file = join(dir, 'event-store.ndjson.gz');
    h = await createProjectionHarness('backup-source');
    closers.push(h.close);
    [low, high] = await Promise.all([startPrivatePostgres(), startPrivatePostgres()]);
    closers.push(low.destroy, high.destroy);
    // A copy of the empty, migrated database, for the plain copy the restore is compared with.
    const admin = new pg.Client({
      connectionString: low.databaseUrl.replace(/\/campus$/, '/postgres'),
    });
    await admin.connect();
    await admin.query('CREATE DATABASE plain TEMPLATE campus');
    await admin.end();
    await advanceTransactionCounter(high, { epoch: HIGH_EPOCH, xid: HIGH_XID });
    // The source's history is written by transactions far above the new cluster's counter, as on
    // a server that has run for a while, whatever the shared server has done before this test.
    await consumeTransactionIds(h.db.url, (await nextTransactionId(low.databaseUrl)) + 20_000n);

    seeded = await seedHistory(h);
    await h.vault.erase(seeded.dee);
    await h.append({
      stream: toUserStreamId(seeded.dee),
      event: {
        eventId: randomUUID(),
        type: 'UserErased',
        data: { v: 1, userId: seeded.dee, erasedAt: '2026-04-03T12:00:00.000Z' },
        metadata: {
          actorUserId: seeded.hal,
          correlationId: randomUUID(),
          causationId: null,
          commandName: 'TestUserErased',
          occurredAt: '2026-04-03T12:00:00.000Z',
        },
      },
    });
    for (let i = 0; i < EXTRA_EVENTS; i += 200) {
      const batch = Array.from({ length: Math.min(200, EXTRA_EVENTS - i) }, (_, k) =>
        announcementPosted(seeded.april, seeded.hal, `Update ${String(i + k)}`),
      );
      await h.store.append(
        batch[0]?.stream ?? '',
        batch.map((b) => b.event),
      );
    }

    // Two events whose global order differs from their sequence order: the first one's
    // transaction took its id before the second's, but wrote (and took its position) after it.
    const early = announcementPosted(seeded.march, seeded.hal, 'Written late, ordered first');
    const late = announcementPosted(seeded.april, seeded.hal, 'Written first, ordered later');
    const client = await h.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()');
      await h.append(late);
      await client.query(
        `WITH s AS (UPDATE es.streams SET revision = revision + 1 WHERE stream_id = $1 RETURNING revision)
         INSERT INTO es.events (stream_id, stream_revision, event_id, event_type, data, metadata)
         SELECT $1, s.revision, $2, $3, $4, $5 FROM s`,
        [
          early.stream,
          early.event.eventId,
          early.event.type,
          JSON.stringify(early.event.data),
          JSON.stringify(early.event.metadata),
        ],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // Mail preferences (docs/mail.md): Ada's latest choice is what the restored outbox obeys.
    await h.append(
      mailPreferencesChanged(seeded.ada, ['reminders']),
      mailPreferencesChanged(seeded.ada, ['waitlist', 'friend_requests']),
      mailPreferencesChanged(seeded.cy, ['service_hours']),
      mailPreferencesChanged(seeded.cy, []),
    );
    await h.project();

    sourceEvents = await allEvents(h.store);
    // The outbox as the relay and the reminder scan leave it: messages queued, one of them sent.
    const outboxClient = await h.pool.connect();
    try {
      await queueMessages(outboxClient, [
        ...sourceEvents.flatMap(messagesOfEvent),
        {
          id: reminderId(seeded.april, seeded.cy),
          kind: 'reminder',
          userId: seeded.cy,
          payload: { opportunityId: seeded.april, name: 'Food bank', startsAt: '', address: '' },
        },
      ]);
    } finally {
      outboxClient.release();
    }
    await h.pool.query(
      `UPDATE outbox.messages SET status = 'sent', attempts = 1, sent_at = now(), payload = '{}'
        WHERE id = $1`,
      [reminderId(seeded.april, seeded.cy)],
    );
    const at = (id: string) => sourceEvents.find((e) => e.eventId === id)?.position;
    const [earlyAt, lateAt] = [at(early.event.eventId), at(late.event.eventId)];
    // The case the order must keep: lower transaction id, higher sequence number.
    expect(earlyAt && lateAt && earlyAt.txn < lateAt.txn && earlyAt.seq > lateAt.seq).toBe(true);

    sourceKept = await keptRows(h.pool);
    expect(sourceKept.keys).toHaveLength(4);
    expect(sourceKept.erasures).toHaveLength(1);
    expect(sourceKept.outbox.map((m) => m.status)).toEqual(['pending', 'pending', 'sent']);

    newEvents = [
      signedUp(seeded.april, seeded.ben, '2026-04-01T10:00:00.000Z'),
      unregistered(seeded.april, seeded.cy, '2026-04-01T11:00:00.000Z'),
      friendRequested(seeded.ben, seeded.hal),
      announcementPosted(seeded.march, seeded.hal, 'After the restore'),
    ];
  }, 90_000);

  afterAll(async () => {
    for (const side of sides) {
      await deleteRedisPrefix(h.redis, side.prefix);
      await side.store.close();
      await side.pool.end();
    }
    // Last set up, first closed.
    for (const close of closers.reverse()) await close();
  });

  it('backs up the source with the operator CLI: one file, every event in global order', async () => {
    const { code, output } = await operator(h.db.url, ['backup', '--out', file]);
    expect(code, output).toBe(0);
    expect(output).toContain(`Backed up ${String(sourceEvents.length)} events`);
    // Five people registered, one of them erased: four keys and the erasure.
    expect(output).toContain('4 personal-data keys, 1 erasures, 3 outbox messages');
    // An existing file is never overwritten.
    const again = await operator(h.db.url, ['backup', '--out', file]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('exists already');
  });

  it('a plain copy into a cluster with a lower counter hides every event from subscribers (why restore renumbers)', async () => {
    const plain = await openSide(low.databaseUrl.replace(/\/campus$/, '/plain'), 'backup-plain');
    sides.push(plain);
    const { rows } = await h.pool.query<Record<string, string>>(
      `SELECT transaction_id::text AS txn, global_position::text AS seq, stream_id,
              stream_revision::text AS revision, event_id::text AS id, event_type,
              data::text AS data, metadata::text AS metadata, recorded_at::text AS recorded_at
         FROM es.events ORDER BY transaction_id, global_position`,
    );
    // What pg_dump and pg_restore do: the rows as stored, transaction ids included.
    await plain.pool.query(
      `INSERT INTO es.events (transaction_id, global_position, stream_id, stream_revision, event_id,
         event_type, data, metadata, recorded_at) OVERRIDING SYSTEM VALUE
       SELECT * FROM unnest($1::xid8[], $2::bigint[], $3::text[], $4::bigint[], $5::uuid[],
         $6::text[], $7::jsonb[], $8::jsonb[], $9::timestamptz[])`,
      [
        'txn',
        'seq',
        'stream_id',
        'revision',
        'id',
        'event_type',
        'data',
        'metadata',
        'recorded_at',
      ].map((c) => rows.map((r) => r[c])),
    );
    await plain.pool.query(
      'INSERT INTO es.streams SELECT stream_id, max(stream_revision) FROM es.events GROUP BY stream_id',
    );
    expect(await nextTransactionId(low.databaseUrl)).toBeLessThan(
      sourceEvents[0]?.position.txn ?? 0n,
    );

    expect(await allEvents(plain.store)).toEqual([]);
    const lag = await measureSubscriberLag(plain.pool, START_POSITION, {
      cap: sourceEvents.length + 1,
    });
    expect(lag).toMatchObject({ eventsBehind: 0, unsettledEvents: sourceEvents.length });
    // A new append gets a lower transaction id than the copied events: it sorts before all of
    // them, and a subscriber past it would never see them even once they settled.
    const [first] = newEvents;
    if (!first) throw new Error('no new events');
    const { position } = await plain.store.append(first.stream, [first.event]);
    expect(position.txn).toBeLessThan(sourceEvents[0]?.position.txn ?? 0n);
    expect((await allEvents(plain.store)).map((e) => e.eventId)).toEqual([first.event.eventId]);
  });

  /**
   * Everything a restored database must show: the events in the source's order under the
   * restore's transaction, the outbox past them, personal data readable and erasures kept, a
   * read model rebuilt by replay equal to the source's, and new appends after every restored event.
   */
  const checkRestored = async (side: Side, transactionId: bigint) => {
    const events = await allEvents(side.store);
    expect(events.map(content)).toEqual(sourceEvents.map(content));
    expect(events.every((e) => e.position.txn === transactionId)).toBe(true);
    expect(events.map((e) => e.position.seq)).toEqual(events.map((_, i) => BigInt(i + 1)));
    const head = { txn: transactionId, seq: BigInt(sourceEvents.length) };
    expect(await side.store.headPosition()).toEqual(head);
    const stream = toOpportunityStreamId(seeded.march);
    expect((await side.store.readStream(stream)).map(content)).toEqual(
      sourceEvents
        .filter((e) => e.streamId === stream)
        .sort((x, y) => Number(x.revision - y.revision))
        .map(content),
    );
    // History is never mailed again: the outbox starts after the restored head, obeying the
    // mail preferences the restored events hold.
    expect(await relayStart(side.pool, side.store)).toEqual(head);
    const { rows: optOuts } = await side.pool.query<{ user_id: string; topic: string }>(
      'SELECT user_id::text, topic FROM outbox.mail_opt_outs ORDER BY user_id, topic',
    );
    expect(optOuts).toEqual([
      { user_id: seeded.ada, topic: 'friend_requests' },
      { user_id: seeded.ada, topic: 'waitlist' },
    ]);
    expect(await keptRows(side.pool)).toEqual(sourceKept);

    // Personal data opens with the restored keys; the erased person's stays shut and sealed off.
    const sealedOf = (userId: string) =>
      events.find((e) => e.type === 'UserRegistered' && e.data['userId'] === userId)?.data[
        'personal'
      ] as Parameters<PersonalDataVault['open']>[0];
    expect(await side.vault.open(sealedOf(seeded.ada), personalSchema)).toMatchObject({
      firstName: 'Ada',
    });
    expect(await side.vault.open(sealedOf(seeded.dee), personalSchema)).toBeNull();
    await expect(side.vault.seal(seeded.dee, { firstName: 'Dee' })).rejects.toBeInstanceOf(
      SubjectErasedError,
    );

    // The read model was emptied; a replay rebuilds it.
    expect((await side.pool.query('SELECT 1 FROM read.checkpoints')).rowCount).toBe(0);
    expect((await side.pool.query('SELECT 1 FROM read.users')).rowCount).toBe(0);
    const replay = await replayProjections({
      store: side.store,
      pool: side.pool,
      vault: side.vault,
      logger: h.logger,
      redis: h.redis,
      keyPrefix: side.prefix,
      requested: 'all',
      batchSize: 500,
    });
    expect(replay.events).toBe(sourceEvents.length);
    const { rows: users } = await side.pool.query<{
      id: string;
      first_name: string | null;
      erased: boolean;
    }>(
      'SELECT id::text, first_name, erased FROM read.users WHERE id = ANY($1::uuid[]) ORDER BY first_name',
      [[seeded.ada, seeded.dee]],
    );
    expect(users).toEqual([
      { id: seeded.ada, first_name: 'Ada', erased: false },
      { id: seeded.dee, first_name: null, erased: true },
    ]);

    // New appends sort after every restored event; a subscriber from the restored head gets them.
    const subscription = new AbortController();
    const delivered: string[] = [];
    const subscriber = (async () => {
      for await (const e of side.store.subscribeAll({ from: head, signal: subscription.signal })) {
        delivered.push(e.eventId);
        if (delivered.length === newEvents.length) subscription.abort();
      }
    })();
    const guard = setTimeout(() => subscription.abort(), 15_000);
    let last = head;
    for (const { stream, event } of newEvents) {
      const { position } = await side.store.append(stream, [event]);
      expect(comparePositions(position, head)).toBe(1);
      last = position;
    }
    await subscriber;
    clearTimeout(guard);
    expect(delivered).toEqual(newEvents.map((e) => e.event.eventId));
    await project(side, last);

    // The same facts as the source, which got the same new events.
    expect(await readModelSnapshot(side.pool, RENUMBERED)).toEqual(
      await readModelSnapshot(h.pool, RENUMBERED),
    );
    expect(await boardsUnder(h.redis, side.prefix)).toEqual(await boardsUnder(h.redis, h.prefix));
  };

  /** The source with the new events appended and projected (once, for both comparisons). */
  let sourceCaughtUp = false;
  const catchUpSource = async () => {
    if (sourceCaughtUp) return;
    await h.append(...newEvents);
    await h.project();
    sourceCaughtUp = true;
  };

  /**
   * What services started on the new, empty database leave behind: the outbox's checkpoint at the
   * start of the (empty) log, and read-model rows. The restore must move and empty them.
   */
  const startedOnEmptyDatabase = async (side: Side) => {
    expect(await relayStart(side.pool, side.store)).toEqual(START_POSITION);
    await side.pool.query("INSERT INTO read.checkpoints (projection) VALUES ('users')");
  };

  it('restores into a cluster whose counter is lower (operator CLI), refusing a second restore', async () => {
    const side = await openSide(low.databaseUrl, 'backup-low');
    sides.push(side);
    await startedOnEmptyDatabase(side);
    const { code, output } = await operator(low.databaseUrl, ['restore', '--from', file]);
    expect(code, output).toBe(0);
    expect(output).toContain(`Restored ${String(sourceEvents.length)} events`);
    expect(output).toContain('replay all');
    const transactionId = BigInt(/in transaction (\d+), positions/.exec(output)?.[1] ?? '0');
    // The point of the renumbering: this cluster's counter is below every source transaction id.
    expect(transactionId).toBeGreaterThan(0n);
    expect(transactionId).toBeLessThan(sourceEvents[0]?.position.txn ?? 0n);

    const refused = await operator(low.databaseUrl, ['restore', '--from', file]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The database is not empty (es.events, es.streams');

    await catchUpSource();
    await checkRestored(side, transactionId);
  });

  it('restores into a cluster whose counter (and epoch) is far higher', async () => {
    const side = await openSide(high.databaseUrl, 'backup-high');
    sides.push(side);
    await startedOnEmptyDatabase(side);
    // A damaged or cut-off file is refused and leaves the database as it was.
    const text = gunzipSync(await readFile(file)).toString('utf8');
    const damaged = join(dir, 'damaged.ndjson.gz');
    await writeFile(damaged, gzipSync(text.replace('Written late', 'Written LATE')));
    await expect(restoreEventStore({ pool: side.pool, from: damaged })).rejects.toThrow(
      /fails its checksum/,
    );
    const cut = join(dir, 'cut.ndjson.gz');
    await writeFile(cut, gzipSync(text.slice(0, text.lastIndexOf('{"t":"end"'))));
    await expect(restoreEventStore({ pool: side.pool, from: cut })).rejects.toThrow(/ends early/);
    expect((await side.pool.query('SELECT 1 FROM es.events')).rowCount).toBe(0);

    const progress: number[] = [];
    const restored = await restoreEventStore({
      pool: side.pool,
      from: file,
      batchSize: 97,
      onProgress: (p) => progress.push(p.events),
    });
    expect(progress.at(-1)).toBe(sourceEvents.length);
    expect(restored.counts).toMatchObject({
      events: sourceEvents.length,
      subjectKeys: 4,
      erasures: 1,
    });
    expect(restored.transactionId).toBeGreaterThan(BigInt(HIGH_EPOCH) * 2n ** 32n);
    expect(restored.transactionId).toBeGreaterThan(sourceEvents.at(-1)?.position.txn ?? 0n);
    await expect(restoreEventStore({ pool: side.pool, from: file })).rejects.toThrow(/not empty/);

    expect(restored.head).toEqual({
      txn: restored.transactionId,
      seq: BigInt(sourceEvents.length),
    });
    await catchUpSource();
    await checkRestored(side, restored.transactionId);
  });
});
