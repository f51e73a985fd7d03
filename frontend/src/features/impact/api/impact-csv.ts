import type { ImpactTable, ReportStatus } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';

/** How often a running report's progress is asked for. */
const REPORT_POLL_MS = 500;

/** One table of the dashboard as the answer on screen resolved it (its range, day and organization). */
export type ImpactCsvRequest = {
  table: ImpactTable;
  from: string;
  to: string;
  as_of: string | null;
  organization_id: string | null;
};

class ReportFailedError extends Error {
  override readonly name = 'ReportFailedError';
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Hands a CSV to the browser as a download named `fileName`. */
const saveCsv = (csv: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/**
 * An admin's export: the `impact` report job (POST /api/reports), its progress polled from
 * GET /api/reports/{id}, then its file saved under the report's file name.
 */
const runReport = async (
  request: ImpactCsvRequest,
  onProgress: (percent: number) => void,
): Promise<string> => {
  const { job_id } = await api.request('requestReport', { body: { kind: 'impact', ...request } });
  for (;;) {
    const status: ReportStatus = await api.request('getReport', { params: { id: job_id } });
    onProgress(status.progress);
    if (status.state === 'failed' || status.state === 'unknown') {
      throw new ReportFailedError(status.failed_reason ?? status.state);
    }
    if (status.state === 'completed' && status.file) {
      const csv = await api.request('downloadReport', { params: { id: status.id } });
      saveCsv(typeof csv === 'string' ? csv : '', status.file.file_name);
      return status.file.file_name;
    }
    await wait(REPORT_POLL_MS);
  }
};

/** The file name of a table downloaded directly: `impact_months_2025-09-16_to_2025-12-31.csv`. */
export const impactCsvFileName = ({ table, from, to }: ImpactCsvRequest): string =>
  `impact_${table}_${from}_to_${to}.csv`;

/**
 * A host's export (report jobs are the admins'): GET /api/impact/csv, the file arriving at once,
 * with no progress to report.
 */
const downloadDirectly = async (request: ImpactCsvRequest): Promise<string> => {
  const csv = await api.request('impactCsv', {
    query: {
      table: request.table,
      from: request.from,
      to: request.to,
      ...(request.as_of ? { as_of: request.as_of } : {}),
      ...(request.organization_id ? { organization_id: request.organization_id } : {}),
    },
  });
  const fileName = impactCsvFileName(request);
  saveCsv(typeof csv === 'string' ? csv : '', fileName);
  return fileName;
};

/**
 * One table's CSV export: a report job with its progress (0 to 100, null before the first answer
 * and on the direct download), or for non-admins the direct download. Resolves to the file name.
 */
export const useImpactCsv = (viaReportJob: boolean) => {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (request: ImpactCsvRequest) => {
      setProgress(null);
      return viaReportJob ? runReport(request, setProgress) : downloadDirectly(request);
    },
  });
  return { ...mutation, progress };
};
