import type { Cause, OpportunityListItem } from '@campus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The Events list filters (GET /api/opps: q, cause, from, to, open_slots). */
export type OpportunityFilters = {
  q: string;
  cause: Cause | '';
  from: string;
  to: string;
  openSlots: boolean;
};

export const noFilters: OpportunityFilters = {
  q: '',
  cause: '',
  from: '',
  to: '',
  openSlots: false,
};

/** Every opportunity query key starts here, so one invalidation refreshes lists, detail and mine. */
export const opportunityKeys = {
  all: ['opportunities'] as const,
  list: (filters: OpportunityFilters) => ['opportunities', 'list', filters] as const,
  detail: (id: string) => ['opportunities', 'detail', id] as const,
  isFull: (id: string) => ['opportunities', 'is-full', id] as const,
  mine: ['opportunities', 'mine'] as const,
};

/** GET /api/opps with the filters that are set. */
export const getOpportunities = (
  filters: OpportunityFilters,
  signal?: AbortSignal,
): Promise<OpportunityListItem[]> =>
  api.request('listOpportunities', {
    query: {
      q: filters.q.trim() || undefined,
      cause: filters.cause || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      open_slots: filters.openSlots ? 'true' : undefined,
    },
    signal,
  });

export const opportunitiesQueryOptions = (filters: OpportunityFilters) =>
  queryOptions({
    queryKey: opportunityKeys.list(filters),
    queryFn: ({ signal }) => getOpportunities(filters, signal),
    // Changing a filter keeps the current cards until the new answer arrives.
    placeholderData: keepPreviousData,
  });

export const useOpportunities = (filters: OpportunityFilters, enabled = true) =>
  useQuery({ ...opportunitiesQueryOptions(filters), enabled });
