import type { Writable } from 'node:stream';
import { formatPosition } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { visiblePositionIn } from '../read-position';
import { LIVE_SCHEMA, withReadTransaction } from '../read-schema';
import { writeCsv } from './csv';
import { reportDefinition, type ReportRequest } from './report-definitions';

const PAGE = 500;

export type ReportProgress = (done: number, total: number) => void | Promise<void>;

/**
 * Writes one report as CSV to `out`: the report jobs (to a file) and the CSV endpoints (to
 * the response) both use it. Reads one snapshot of the read model (read-only, so it holds back no
 * event-store subscriber) through a cursor, page by page; answers the rows written and the
 * read model's visible position in that snapshot.
 */
export const streamReport = (
  pool: Pool,
  request: ReportRequest,
  out: Writable,
  onProgress?: ReportProgress,
): Promise<{ rows: number; position: string }> =>
  withReadTransaction(
    pool,
    LIVE_SCHEMA,
    async (client) => {
      // A slow download may pause between pages longer than the pool's idle-in-transaction limit.
      await client.query("SET LOCAL idle_in_transaction_session_timeout = '120s'");
      const position = await visiblePositionIn(client);
      const definition = reportDefinition(request);
      if ('rows' in definition) {
        const all = await definition.rows(client);
        async function* held() {
          yield* all;
          await onProgress?.(all.length, all.length);
        }
        await writeCsv(definition.columns, held(), out);
        return { rows: all.length, position: formatPosition(position) };
      }
      const { rows: counted } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (${definition.sql}) q`,
        [...definition.params],
      );
      const total = counted[0]?.n ?? 0;
      await client.query(`DECLARE report_rows NO SCROLL CURSOR FOR ${definition.sql}`, [
        ...definition.params,
      ]);
      let done = 0;
      async function* rows() {
        for (;;) {
          const page = await client.query<Record<string, unknown>>(
            `FETCH ${String(PAGE)} FROM report_rows`,
          );
          if (!page.rows.length) return;
          for (const row of page.rows) yield definition.columns.map((c) => row[c] ?? null);
          done += page.rows.length;
          await onProgress?.(done, total);
        }
      }
      await writeCsv(definition.columns, rows(), out);
      return { rows: done, position: formatPosition(position) };
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
