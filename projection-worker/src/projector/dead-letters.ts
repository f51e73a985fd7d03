import { formatPosition, type RecordedEvent } from '@campus/contracts';
import { describeError, scrubStoredError, type Pool, type PoolClient } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction, type ReadSchema } from '@campus/read-model';

/** The pseudo-projection name of events whose payload fails its schema (no projection saw them). */
export const PARSE_STAGE = '(parse)';

export type DeadLetter = {
  readonly projection: string;
  readonly eventId: string;
  readonly streamId: string;
  /** `<txn>.<seq>`, as in checkpoints and consistency tokens. */
  readonly position: string;
  readonly type: string;
  readonly error: string;
  readonly attempts: number;
  readonly failedAt: string;
};

/** Records (or re-records, on a replay) an event a projection skipped; inside the batch's transaction. */
export const recordDeadLetter = async (
  client: PoolClient,
  entry: {
    readonly projection: string;
    readonly recorded: RecordedEvent;
    readonly error: unknown;
    readonly attempts: number;
  },
) => {
  const { recorded } = entry;
  await client.query(
    `INSERT INTO dead_letters (projection, event_id, stream_id, txn, seq, event_type, error,
        attempts, failed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
     ON CONFLICT (projection, event_id) DO UPDATE SET error = EXCLUDED.error,
        attempts = dead_letters.attempts + EXCLUDED.attempts, failed_at = now()`,
    [
      entry.projection,
      recorded.eventId,
      recorded.streamId,
      recorded.position.txn.toString(),
      recorded.position.seq.toString(),
      recorded.type,
      // Operators read these: the error's class, code and names, never the row values it quotes.
      describeError(entry.error),
      entry.attempts,
    ],
  );
};

type DeadLetterRow = {
  projection: string;
  event_id: string;
  stream_id: string;
  txn: string;
  seq: string;
  event_type: string;
  error: string;
  attempts: number;
  failed_at: Date;
};

/** Dead letters, newest first (the operator CLI prints these). */
export const listDeadLetters = async (
  pool: Pool,
  options: {
    readonly projection?: string;
    readonly limit?: number;
    readonly schema?: ReadSchema;
  } = {},
): Promise<DeadLetter[]> => {
  const { rows } = await withReadTransaction(pool, options.schema ?? LIVE_SCHEMA, (client) =>
    client.query<DeadLetterRow>(
      `SELECT projection, event_id::text, stream_id, txn::text, seq::text, event_type, error,
              attempts, failed_at
         FROM dead_letters
        WHERE $1::text IS NULL OR projection = $1
        ORDER BY failed_at DESC, txn DESC, seq DESC
        LIMIT $2`,
      [options.projection ?? null, options.limit ?? 100],
    ),
  );
  return rows.map((r) => ({
    projection: r.projection,
    eventId: r.event_id,
    streamId: r.stream_id,
    position: formatPosition({ txn: BigInt(r.txn), seq: BigInt(r.seq) }),
    type: r.event_type,
    // Rows stored before errors were scrubbed on the way in are scrubbed on the way out.
    error: scrubStoredError(r.error),
    attempts: r.attempts,
    failedAt: r.failed_at.toISOString(),
  }));
};
