import type { ReportStatus, RequestReportBody } from '@campus/contracts';
import { api } from '@/lib/api-client';

/** How often a running report's progress is asked for. */
const REPORT_POLL_MS = 500;

class ReportFailedError extends Error {
  override readonly name = 'ReportFailedError';
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Hands a CSV to the browser as a download named `fileName`. */
export const saveCsv = (csv: string, fileName: string) => {
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
 * Runs one report job: POST /api/reports, then GET /api/reports/{id} until it completes (reporting
 * its progress), then GET /api/reports/{id}/file saved under the report's file name.
 */
export const runReport = async (
  request: RequestReportBody,
  onProgress: (percent: number) => void,
): Promise<string> => {
  const { job_id } = await api.request('requestReport', { body: request });
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
