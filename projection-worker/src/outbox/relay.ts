import type { EventStore, GlobalPosition } from '@campus/contracts';
import type { Logger, Pool, PoolClient } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from '@campus/read-model';
import { batches } from '../projector/batches';
import { queueMessagesOfEvents, rebuildMailOptOuts } from './messages';

const readCheckpoint = async (pool: Pool): Promise<GlobalPosition | null> => {
  const { rows } = await pool.query<{ txn: string; seq: string }>(
    'SELECT txn, seq FROM outbox.checkpoint',
  );
  const row = rows[0];
  return row ? { txn: BigInt(row.txn), seq: BigInt(row.seq) } : null;
};

/**
 * The relay's checkpoint moves from where this relay started the batch, only if it is still
 * stored so (a compare-and-set): a second relay that queued the same batch meanwhile has moved it,
 * and this batch's transaction is rolled back. The row is locked by the first writer; the second
 * waits, then finds the committed row no longer matching.
 */
const moveCheckpointSql = `UPDATE outbox.checkpoint SET txn = $1, seq = $2, updated_at = now()
  WHERE id AND (txn, seq) = ($3::numeric, $4::numeric)`;

/** Another relay moved the outbox checkpoint first: this one starts again from the stored one. */
export class RelayCheckpointMovedError extends Error {
  override readonly name = 'RelayCheckpointMovedError';
  constructor() {
    super('The outbox checkpoint moved under the relay (another relay queued the batch)');
  }
}

/**
 * `work` in one transaction of its own connection, committed or rolled back (the outbox's
 * statements name their schemas, so the read model's search path does not matter).
 */
const inTransaction = <T>(pool: Pool, work: (client: PoolClient) => Promise<T>) =>
  withReadTransaction(pool, LIVE_SCHEMA, work);

/**
 * Where the relay starts: its own checkpoint (outside the read model, which replays rebuild), or,
 * the first time, the log's head, so history (demo data, past requests) is never mailed. That
 * first time, the mail preferences chosen up to the head become the outbox's copy in the same
 * transaction (docs/mail.md): the relay never reads the events that made them.
 */
export const relayStart = async (pool: Pool, store: EventStore): Promise<GlobalPosition> => {
  const stored = await readCheckpoint(pool);
  if (stored) return stored;
  const head = await store.headPosition();
  await inTransaction(pool, async (client) => {
    const { rowCount } = await client.query(
      'INSERT INTO outbox.checkpoint (id, txn, seq) VALUES (true, $1, $2) ON CONFLICT (id) DO NOTHING',
      [head.txn.toString(), head.seq.toString()],
    );
    if (rowCount === 1) await rebuildMailOptOuts(client, head);
  });
  return (await readCheckpoint(pool)) ?? head;
};

export type RelayOptions = {
  readonly store: EventStore;
  readonly pool: Pool;
  readonly logger: Logger;
  /** Stops the relay (a batch in flight is finished first). */
  readonly signal: AbortSignal;
  /** Called after each committed batch: its last event and how many messages it queued. */
  readonly onBatch?: (last: GlobalPosition, queued: number) => void;
};

/**
 * Follows the event log from the outbox checkpoint and queues the messages events ask for, each
 * batch's messages and the checkpoint in one transaction: an event is turned into messages once,
 * and message ids derived from the event make even a repeat a no-op. The checkpoint write is a
 * compare-and-set on the position this relay holds: a batch another relay committed first is
 * rolled back and this throws RelayCheckpointMovedError (restart from the stored checkpoint).
 */
export const relayEvents = async (options: RelayOptions) => {
  const { store, pool, signal } = options;
  const from = await relayStart(pool, store);
  let held = from;
  const source = store.subscribeAll({ from, signal, batchSize: 500 });
  for await (const batch of batches(source, { maxSize: 500, idleMs: 2 })) {
    const last = batch.at(-1)?.position;
    if (!last) continue;
    const from = held;
    const queued = await inTransaction(pool, async (client) => {
      const count = await queueMessagesOfEvents(client, batch);
      const moved = await client.query(moveCheckpointSql, [
        last.txn.toString(),
        last.seq.toString(),
        from.txn.toString(),
        from.seq.toString(),
      ]);
      if (moved.rowCount !== 1) throw new RelayCheckpointMovedError();
      return count;
    });
    held = last;
    if (queued) options.logger.info({ queued }, 'outbox: messages queued');
    options.onBatch?.(last, queued);
  }
};
