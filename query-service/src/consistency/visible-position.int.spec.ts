import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Pool } from '@campus/infra';
import { createTestDatabase, type TestDatabase } from '@campus/infra/testing';
import { createVisiblePositionTracker, type VisiblePositionTracker } from './visible-position';

describe('the visible position tracker', () => {
  let db: TestDatabase;
  let tracker: VisiblePositionTracker;
  let statements = 0;

  /** What the projector does after a batch: the visible checkpoint moves, then NOTIFY. */
  const markVisible = async (txn: number, seq: number) => {
    await db.pool.query(
      `WITH moved AS (UPDATE read.checkpoints SET visible_txn = $1, visible_seq = $2)
       SELECT pg_notify('read_visible', $1 || '/' || $2)`,
      [txn, seq],
    );
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(`INSERT INTO read.checkpoints (projection) VALUES ('users'), ('points')`);
    // The tracker's pool, counting the statements it sends.
    const counted = {
      query: (...args: Parameters<Pool['query']>) => {
        statements++;
        return db.pool.query(...args);
      },
    } as unknown as Pool;
    tracker = createVisiblePositionTracker({
      pool: counted,
      databaseUrl: db.url,
      logger: createLogger('test', 'silent'),
      positionsAreTransactionIds: true,
    });
    await tracker.start();
  });
  afterAll(async () => {
    await tracker.close();
    await db.drop();
  });

  it('answers at once for a position already visible', async () => {
    await markVisible(3, 7);
    await expect.poll(() => tracker.current()).toEqual({ txn: 3n, seq: 7n });
    const before = statements;
    expect(await tracker.waitFor({ txn: 3n, seq: 7n }, 2_000)).toBe(true);
    expect(statements).toBe(before);
  });

  it('lets waiting reads learn from the notification, without a statement per read', async () => {
    const before = statements;
    const waiting = Array.from({ length: 20 }, () => tracker.waitFor({ txn: 9n, seq: 1n }, 10_000));
    expect(statements).toBe(before);
    await markVisible(9, 1);
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 20 }, () => true));
    expect(tracker.current()).toEqual({ txn: 9n, seq: 1n });
  });

  it('answers false when the read model does not get there in time', async () => {
    expect(await tracker.waitFor({ txn: 99n, seq: 1n }, 50)).toBe(false);
  });
  it('answers false at once for a token no transaction of this server has reached', async () => {
    const { rows } = await db.pool.query<{ next: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
    );
    const beyond = BigInt(rows[0]?.next ?? '0') + 1_000_000_000n;
    // A minute's wait would outlast the test's own time limit: the answer must not wait.
    expect(await tracker.waitFor({ txn: beyond, seq: 1n }, 60_000)).toBe(false);
  }, 10_000);

  it('still waits for a transaction committed after it last read the server', async () => {
    const { rows } = await db.pool.query<{ txn: string }>(
      'SELECT pg_current_xact_id()::text AS txn',
    );
    const txn = BigInt(rows[0]?.txn ?? '0');
    const waiting = tracker.waitFor({ txn, seq: 1n }, 10_000);
    setTimeout(() => void markVisible(Number(txn), 1), 100);
    expect(await waiting).toBe(true);
  });

  it('moves a watch only when the position moves over an event type it depends on', async () => {
    const admins = tracker.watch((type) => type === 'AdminGranted');
    const everything = tracker.watch(() => true);
    /** An event of `type` appended to the log, made visible as the projector would. */
    const appendVisible = async (type: string) => {
      const { rows } = await db.pool.query<{ txn: string; seq: string }>(
        `INSERT INTO es.events (stream_id, stream_revision, event_id, event_type, data, metadata)
         VALUES ('test-' || gen_random_uuid(), 0, gen_random_uuid(), $1, '{}', '{}')
         RETURNING transaction_id::text AS txn, global_position::text AS seq`,
        [type],
      );
      const at = { txn: BigInt(rows[0]?.txn ?? '0'), seq: BigInt(rows[0]?.seq ?? '0') };
      await markVisible(Number(at.txn), Number(at.seq));
      await expect.poll(() => tracker.current()).toEqual(at);
    };
    await appendVisible('UserSignedUp');
    await appendVisible('FriendRequested');
    expect(admins()).toBe(0);
    expect(everything()).toBe(2);
    await appendVisible('AdminGranted');
    expect(admins()).toBe(1);
    expect(everything()).toBe(3);
  });
});
