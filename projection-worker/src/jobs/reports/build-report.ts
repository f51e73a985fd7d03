import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Pool } from '@campus/infra';
import {
  LIVE_SCHEMA,
  reportFileName,
  streamReport,
  withReadTransaction,
  type ReportJobResult,
  type ReportProgress,
  type ReportRequest,
} from '@campus/read-model';
import { withReadModelLock } from '../../projector/read-model-lock';

/** The dates a report covers, both included; null for the whole lists. */
const rangeOf = (request: ReportRequest): { start: string; end: string } | null => {
  if (request.kind === 'service-data') return request;
  if (request.kind === 'impact') return { start: request.from, end: request.to };
  return null;
};

/**
 * Builds a report into `<reportsDir>/<reportId>.csv` (written beside it, then renamed, so a
 * download never sees half a file) and records it in read.report_files.
 */
export const buildReportFile = async (options: {
  readonly pool: Pool;
  readonly reportsDir: string;
  readonly reportId: string;
  readonly request: ReportRequest;
  readonly requestedBy: string | null;
  readonly onProgress?: ReportProgress;
}): Promise<ReportJobResult> => {
  const { pool, reportId, request } = options;
  const dir = resolve(options.reportsDir);
  await mkdir(dir, { recursive: true });
  const fileName = reportFileName(request);
  const path = `${reportId}.csv`;
  const partial = join(dir, `${path}.partial`);
  let built: { rows: number; position: string };
  try {
    built = await streamReport(pool, request, createWriteStream(partial), options.onProgress);
    await rename(partial, join(dir, path));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const { size } = await stat(join(dir, path));
  // Shared with the live projector: a replay's swap carries report rows over and must not miss one.
  await withReadModelLock(pool, 'shared', () =>
    withReadTransaction(pool, LIVE_SCHEMA, (client) =>
      client.query(
        `INSERT INTO report_files (id, kind, start_date, end_date, file_name, path, position,
            row_count, byte_size, requested_by, organization_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (id) DO UPDATE SET file_name = EXCLUDED.file_name, path = EXCLUDED.path,
            position = EXCLUDED.position, row_count = EXCLUDED.row_count,
            byte_size = EXCLUDED.byte_size, created_at = now()`,
        [
          reportId,
          request.kind,
          rangeOf(request)?.start ?? null,
          rangeOf(request)?.end ?? null,
          fileName,
          path,
          built.position,
          built.rows,
          size,
          options.requestedBy,
          request.kind === 'impact' ? request.organizationId : null,
        ],
      ),
    ),
  );
  return { reportId, fileName, rows: built.rows, bytes: size, position: built.position };
};
