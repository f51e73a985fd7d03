import { createHash, randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { CONSISTENCY_TOKEN_HEADER } from '@campus/contracts';
import { identityOf, type Pool } from '@campus/infra';
import { ConflictError, ValidationError } from '../errors';

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The request's correlation id, which `commandMetadata` puts on every event the command appends. */
const CORRELATION_ID_HEADER = 'x-correlation-id';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * An unanswered claim older than this was abandoned (its service was killed or forced out, or
 * Postgres went down mid-command): longer than any command runs and than a stopping service waits
 * for its requests (SHUTDOWN_TIMEOUT_MS, 25 s by default).
 */
const ABANDONED_CLAIM_MS = 60_000;

export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is in progress';
export const ANSWER_LOST_MESSAGE =
  'The first request with this Idempotency-Key was applied, but its answer was lost. Reload to see the result.';

type IdempotencyOptions = {
  /**
   * The commands' events are in `es.events` of this pool's database (the Postgres event store).
   * Only then can a retry tell whether an abandoned claim's command appended, and take it over;
   * otherwise such a retry keeps getting 409.
   */
  readonly eventsInPool?: boolean;
  /** Age of an unanswered claim at which it counts as abandoned; ABANDONED_CLAIM_MS by default. */
  readonly abandonedAfterMs?: number;
};

type KeyRow = {
  request_hash: string;
  status: number | null;
  body: unknown;
  consistency_token: string | null;
  correlation_id: string | null;
  claim_xid: string | null;
  abandoned: boolean;
};

/**
 * `Idempotency-Key`: the first answer to a (caller, key) is stored and replayed for retries, so a
 * command retried after a timeout appends once. A key reused for another request is refused; a
 * retry while the first is still running gets 409. Answers of 5xx are not kept (the retry runs).
 *
 * A claim names the correlation id its command's events carry (the client's `x-correlation-id`, or
 * one set here for `commandMetadata`) and the transaction that made it. A retry that finds a claim
 * still unanswered after `abandonedAfterMs` looks for events with that correlation id appended
 * since: if there are, the first request was applied and its answer lost (409, never run again);
 * if not, one retry takes the claim over and runs the command.
 */
export const idempotency =
  (pool: Pool, options: IdempotencyOptions = {}): RequestHandler =>
  async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) {
      next();
      return;
    }
    if (!KEY_PATTERN.test(key))
      throw new ValidationError('Idempotency-Key must be 1 to 200 visible characters');
    const scope = `${identityOf(req).uid}:${req.method}:${req.originalUrl.split('?')[0] ?? ''}`;
    const requestHash = createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    const correlationId = req.get(CORRELATION_ID_HEADER) || randomUUID();
    req.headers[CORRELATION_ID_HEADER] = correlationId;

    const inserted = await pool.query<{ claim_xid: string }>(
      `INSERT INTO cmd.idempotency_keys (scope, key, request_hash, correlation_id, claim_xid)
       VALUES ($1, $2, $3, $4, pg_current_xact_id())
       ON CONFLICT (scope, key) DO NOTHING
       RETURNING claim_xid::text`,
      [scope, key, requestHash, correlationId],
    );
    let claimXid = inserted.rows[0]?.claim_xid;
    if (claimXid === undefined) {
      const { rows } = await pool.query<KeyRow>(
        `SELECT request_hash, status, body, consistency_token, correlation_id,
                claim_xid::text AS claim_xid,
                created_at <= now() - make_interval(secs => $3) AS abandoned
           FROM cmd.idempotency_keys WHERE scope = $1 AND key = $2`,
        [scope, key, (options.abandonedAfterMs ?? ABANDONED_CLAIM_MS) / 1000],
      );
      const row = rows[0];
      if (!row) throw new ConflictError(IN_PROGRESS_MESSAGE);
      if (row.request_hash !== requestHash) {
        throw new ValidationError('This Idempotency-Key was already used for a different request');
      }
      if (row.status === null) {
        claimXid = await takeOverAbandoned(pool, options, scope, key, row, correlationId);
      } else {
        if (row.consistency_token) res.set(CONSISTENCY_TOKEN_HEADER, row.consistency_token);
        res.set('idempotent-replayed', 'true').status(row.status).json(row.body);
        return;
      }
    }

    // Only this claim is answered or released: a claim taken over since belongs to its retry.
    captureAnswer(res, async (status, body) => {
      if (status >= 500) {
        await pool.query(
          'DELETE FROM cmd.idempotency_keys WHERE scope = $1 AND key = $2 AND claim_xid = $3::xid8',
          [scope, key, claimXid],
        );
        return;
      }
      const token = res.get(CONSISTENCY_TOKEN_HEADER);
      await pool.query(
        `UPDATE cmd.idempotency_keys SET status = $3, body = $4, consistency_token = $5, completed_at = now()
          WHERE scope = $1 AND key = $2 AND claim_xid = $6::xid8`,
        [
          scope,
          key,
          status,
          JSON.stringify(body ?? null),
          typeof token === 'string' ? token : null,
          claimXid,
        ],
      );
    });
    next();
  };

/**
 * An unanswered claim: 409 while it may still be running (or when nothing can tell whether it
 * appended); 409 "answer lost" when events with its correlation id were appended after it; else
 * takes it over for this request (one retry wins a race) and returns the new claim's transaction.
 */
const takeOverAbandoned = async (
  pool: Pool,
  options: IdempotencyOptions,
  scope: string,
  key: string,
  row: KeyRow,
  correlationId: string,
): Promise<string> => {
  if (!options.eventsInPool || !row.abandoned || !row.correlation_id || !row.claim_xid)
    throw new ConflictError(IN_PROGRESS_MESSAGE);
  // The command's appends committed after its claim, so their transactions are newer than it.
  const { rows: appended } = await pool.query<{ applied: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM es.events
        WHERE transaction_id > $1::xid8 AND metadata->>'correlationId' = $2
     ) AS applied`,
    [row.claim_xid, row.correlation_id],
  );
  if (appended[0]?.applied) throw new ConflictError(ANSWER_LOST_MESSAGE);
  const { rows: taken } = await pool.query<{ claim_xid: string }>(
    `UPDATE cmd.idempotency_keys
        SET correlation_id = $3, claim_xid = pg_current_xact_id(), created_at = now()
      WHERE scope = $1 AND key = $2 AND status IS NULL
        AND correlation_id = $4 AND claim_xid = $5::xid8
      RETURNING claim_xid::text`,
    [scope, key, correlationId, row.correlation_id, row.claim_xid],
  );
  const claimXid = taken[0]?.claim_xid;
  if (claimXid === undefined) throw new ConflictError(IN_PROGRESS_MESSAGE);
  return claimXid;
};

/** Calls `store` with the JSON answer before it is sent, so a replay can never beat the record. */
const captureAnswer = (res: Response, store: (status: number, body: unknown) => Promise<void>) => {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    res.json = json;
    store(res.statusCode, body).then(
      () => json(body),
      () => json(body),
    );
    return res;
  };
};
