import type { RequestReport } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { runReport } from '@/lib/report-jobs';

/** A report export with its progress (0 to 100, null before the first answer). */
export const useReportExport = () => {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (request: RequestReport) => {
      setProgress(null);
      return runReport(request, setProgress);
    },
  });
  return { ...mutation, progress };
};
