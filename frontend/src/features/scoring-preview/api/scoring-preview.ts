import type { ScoringPreviewStatus, StartScoringPreview } from '@campus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often a running preview's progress is asked for. */
const SCORING_PREVIEW_POLL_MS = 1_000;

const isFinished = (status: ScoringPreviewStatus | undefined) =>
  status?.state === 'completed' || status?.state === 'failed' || status?.state === 'unknown';

/** POST /api/scoring/previews: starts a preview of the draft; answers the job's id. */
export const useStartScoringPreview = () =>
  useMutation({
    mutationFn: (draft: StartScoringPreview) => api.request('startScoringPreview', { body: draft }),
  });

/** GET /api/scoring/previews/{id}, polled until the job completes or fails. */
export const useScoringPreview = (id: string | null) =>
  useQuery({
    queryKey: ['scoring-preview', id],
    queryFn: ({ signal }) => api.request('getScoringPreview', { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : SCORING_PREVIEW_POLL_MS),
  });

const loggedHoursScoringKey = ['scoring', 'logged-hours'] as const;

/** GET /api/scoring/logged-hours: whether approved logged hours earn points now. */
export const useLoggedHoursScoring = () =>
  useQuery({
    queryKey: loggedHoursScoringKey,
    queryFn: ({ signal }) => api.request('getLoggedHoursScoring', { signal }),
  });

/**
 * PUT /api/scoring/logged-hours: turns the rule on or off (docs/service-hours.md); every approved
 * log's line is re-valued, so the rule and every points read refresh.
 */
export const useSetLoggedHoursScoring = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (earnPoints: boolean) =>
      api.request('setLoggedHoursScoring', { body: { earn_points: earnPoints } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: loggedHoursScoringKey }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['leaderboard'] }),
      ]),
  });
};
