import type { PendingServiceLogs, ServiceLog, logServiceHoursSchema } from '@campus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { uploadImageFile } from '@/lib/upload';

export const serviceLogKeys = {
  all: ['service-hours'] as const,
  mine: ['service-hours', 'mine'] as const,
  pending: ['service-hours', 'pending'] as const,
};

/** GET /api/hours/mine: the caller's logs, newest first, with the verified and waiting minutes. */
const myServiceLogsQueryOptions = () =>
  queryOptions({
    queryKey: serviceLogKeys.mine,
    queryFn: ({ signal }) => api.request('getMyServiceLogs', { signal }),
  });

export const useMyServiceLogs = () => useQuery(myServiceLogsQueryOptions());

/** GET /api/hours/pending: the logs waiting for the caller's decision, oldest first. */
const pendingServiceLogsQueryOptions = () =>
  queryOptions({
    queryKey: serviceLogKeys.pending,
    queryFn: ({ signal }) => api.request('getPendingServiceLogs', { signal }),
  });

export const usePendingServiceLogs = () => useQuery(pendingServiceLogsQueryOptions());

type LogServiceHoursInput = {
  /** The body without its photo: a picked photo is uploaded first and its URL sent. */
  body: Omit<z.input<typeof logServiceHoursSchema>, 'photo'>;
  photo: File | null;
};

/** POST /upload (when a photo is picked) then POST /api/hours; the caller's logs refresh. */
export const useLogServiceHours = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photo }: LogServiceHoursInput) => {
      const url = photo ? await uploadImageFile(photo) : null;
      return api.request('logServiceHours', { body: { ...body, photo: url } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceLogKeys.mine }),
  });
};

export type ServiceHoursDecision = {
  logId: string;
  decision: 'approve' | 'reject';
  reason: string | null;
};

/**
 * The queue with a refused decision's log back in its place; other decisions still running or
 * done meanwhile keep theirs.
 */
const withLogBack = (
  queue: PendingServiceLogs,
  log: ServiceLog,
  before: PendingServiceLogs,
): PendingServiceLogs => {
  if (queue.logs.some((l) => l.id === log.id)) return queue;
  const ahead = new Set(before.logs.slice(0, before.logs.indexOf(log)).map((l) => l.id));
  let at = 0;
  queue.logs.forEach((l, i) => {
    if (ahead.has(l.id)) at = i + 1;
  });
  return { logs: [...queue.logs.slice(0, at), log, ...queue.logs.slice(at)] };
};

/**
 * POST /api/hours/{id}/decision: the log leaves the queue at once and comes back if the server
 * refuses; afterwards the queue and the points reads refresh (an approval adds a ledger line).
 */
export const useDecideServiceHours = () => {
  const queryClient = useQueryClient();
  const queryKey = serviceLogKeys.pending;
  return useMutation({
    mutationFn: ({ logId, decision, reason }: ServiceHoursDecision) =>
      api.request('decideServiceHours', { params: { id: logId }, body: { decision, reason } }),
    onMutate: async ({ logId }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<PendingServiceLogs>(queryKey);
      queryClient.setQueryData<PendingServiceLogs>(queryKey, (queue) =>
        queue ? { logs: queue.logs.filter((log) => log.id !== logId) } : queue,
      );
      return { before };
    },
    onError: (_error, { logId }, context) => {
      const before = context?.before;
      const log = before?.logs.find((l) => l.id === logId);
      if (!before || !log) return;
      queryClient.setQueryData<PendingServiceLogs>(queryKey, (queue) =>
        queue ? withLogBack(queue, log, before) : before,
      );
    },
    // Not awaited: the buttons are free again at once; the refreshed reads arrive when they do.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: serviceLogKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
};
