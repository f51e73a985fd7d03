import type { ImpactTable } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { runReport, saveCsv } from '@/lib/report-jobs';

/** One table of the dashboard as the answer on screen resolved it (its range, day and organization). */
export type ImpactCsvRequest = {
  table: ImpactTable;
  from: string;
  to: string;
  as_of: string | null;
  organization_id: string | null;
};

/**
 * An admin's export: the `impact` report job (POST /api/reports), its progress polled, then its
 * file saved under the report's file name.
 */
const runImpactReport = (request: ImpactCsvRequest, onProgress: (percent: number) => void) =>
  runReport({ kind: 'impact', ...request }, onProgress);

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
      return viaReportJob ? runImpactReport(request, setProgress) : downloadDirectly(request);
    },
  });
  return { ...mutation, progress };
};
