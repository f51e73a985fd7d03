import type { ScoringPreviewStatus, StartScoringPreview } from '@campus/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
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
