import type { ImpactTable } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { runReport } from '@/lib/report-jobs';

/** One table of the dashboard as the answer on screen resolved it (its range, day and organization). */
export type ImpactCsvRequest = {
  table: ImpactTable;
  from: string;
  to: string;
  as_of: string | null;
  organization_id: string | null;
};

/**
 * One table's CSV export, for admins and for hosts alike (a host's answer is always one
 * organization's): the `impact` report job (POST /api/reports), its progress (0 to 100, null before
 * the first answer) polled, then its file saved under the report's file name, which it resolves to.
 */
export const useImpactCsv = () => {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (request: ImpactCsvRequest) => {
      setProgress(null);
      return runReport({ kind: 'impact', ...request }, setProgress);
    },
  });
  return { ...mutation, progress };
};
