import type { ReplayStatus } from '@campus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often a running replay's progress is asked for. */
const REPLAY_POLL_MS = 1_000;

const isFinished = (status: ReplayStatus | undefined) =>
  status?.state === 'completed' || status?.state === 'failed' || status?.state === 'unknown';

/** POST /api/operations/replays: starts a replay job; answers its id. */
export const useStartReplay = () =>
  useMutation({
    mutationFn: (projection: string) => api.request('startReplay', { body: { projection } }),
  });

/** GET /api/operations/replays/{id}, polled until the job completes or fails. */
export const useReplayStatus = (id: string | null) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['operations', 'replays', id],
    queryFn: async ({ signal }) => {
      const status = await api.request('getReplay', { params: { id: id ?? '' }, signal });
      if (isFinished(status))
        void client.invalidateQueries({ queryKey: ['operations', 'projections'] });
      return status;
    },
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : REPLAY_POLL_MS),
  });
};
