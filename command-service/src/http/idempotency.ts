import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { CONSISTENCY_TOKEN_HEADER } from '@campus/contracts';
import { ConflictError, identityOf, ValidationError, type Pool } from '@campus/infra';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * `Idempotency-Key`: the first answer to a (caller, key) is stored and replayed for retries, so a
 * command retried after a timeout appends once. A key reused for another request is refused; a
 * retry while the first is still running gets 409. Answers of 5xx are not kept (the retry runs).
 */
export const idempotency =
  (pool: Pool): RequestHandler =>
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

    const inserted = await pool.query(
      `INSERT INTO cmd.idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (scope, key) DO NOTHING`,
      [scope, key, requestHash],
    );
    if (inserted.rowCount === 0) {
      const { rows } = await pool.query<{
        request_hash: string;
        status: number | null;
        body: unknown;
        consistency_token: string | null;
      }>(
        'SELECT request_hash, status, body, consistency_token FROM cmd.idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, key],
      );
      const row = rows[0];
      if (!row) throw new ConflictError('A request with this Idempotency-Key is in progress');
      if (row.request_hash !== requestHash) {
        throw new ValidationError('This Idempotency-Key was already used for a different request');
      }
      if (row.status === null)
        throw new ConflictError('A request with this Idempotency-Key is in progress');
      if (row.consistency_token) res.set(CONSISTENCY_TOKEN_HEADER, row.consistency_token);
      res.set('idempotent-replayed', 'true').status(row.status).json(row.body);
      return;
    }

    captureAnswer(res, async (status, body) => {
      if (status >= 500) {
        await pool.query('DELETE FROM cmd.idempotency_keys WHERE scope = $1 AND key = $2', [
          scope,
          key,
        ]);
        return;
      }
      const token = res.get(CONSISTENCY_TOKEN_HEADER);
      await pool.query(
        `UPDATE cmd.idempotency_keys SET status = $3, body = $4, consistency_token = $5, completed_at = now()
          WHERE scope = $1 AND key = $2`,
        [
          scope,
          key,
          status,
          JSON.stringify(body ?? null),
          typeof token === 'string' ? token : null,
        ],
      );
    });
    next();
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
