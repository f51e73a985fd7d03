import { opportunityCursorOf, type Cause, type OpportunityCardItem } from '@campus/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';

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

/** Cards per page of the Events list. */
export const OPPORTUNITY_PAGE_SIZE = 24;

/** One page of Events cards and the cursor of the next, or null on the last page. */
type OpportunityPage = {
  readonly items: readonly OpportunityCardItem[];
  readonly next: string | null;
};

/** The filters that are set, as GET /api/opps and its count take them. */
const filterQuery = (filters: OpportunityFilters) => ({
  q: filters.q.trim() || undefined,
  cause: filters.cause || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
  open_slots: filters.openSlots ? ('true' as const) : undefined,
});

/**
 * A page of GET /api/opps?view=cards after `after` (null: the first), with the filters that are
 * set. It asks for one card more than it shows: that card tells whether another page follows.
 */
const getOpportunityPage = async (
  filters: OpportunityFilters,
  after: string | null,
  signal?: AbortSignal,
): Promise<OpportunityPage> => {
  const cards = await api.request('listOpportunities', {
    query: {
      ...filterQuery(filters),
      view: 'cards',
      limit: String(OPPORTUNITY_PAGE_SIZE + 1),
      after: after ?? undefined,
    },
    signal,
  });
  const items = cards.slice(0, OPPORTUNITY_PAGE_SIZE);
  const last = items.at(-1);
  return { items, next: cards.length > items.length && last ? opportunityCursorOf(last) : null };
};

const opportunitiesQueryOptions = (filters: OpportunityFilters) =>
  infiniteQueryOptions({
    queryKey: opportunityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getOpportunityPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    // Changing a filter keeps the current cards until the new answer arrives.
    placeholderData: keepPreviousData,
  });

/** The Events cards page by page ('Show more' fetches the next). */
export const useOpportunities = (filters: OpportunityFilters, enabled = true) =>
  useInfiniteQuery({ ...opportunitiesQueryOptions(filters), enabled });

/** GET /api/opps/count: how many opportunities match the filters, over all the list's pages. */
const getOpportunityCount = async (
  filters: OpportunityFilters,
  signal?: AbortSignal,
): Promise<number> =>
  (await api.request('countOpportunities', { query: filterQuery(filters), signal })).count;

const opportunityCountQueryOptions = (filters: OpportunityFilters) =>
  queryOptions({
    queryKey: opportunityKeys.count(filters),
    queryFn: ({ signal }) => getOpportunityCount(filters, signal),
    // As the cards: the current count stays until the new filters' count arrives.
    placeholderData: keepPreviousData,
  });

/** How many opportunities the Events list has for the filters, loaded or not. */
export const useOpportunityCount = (filters: OpportunityFilters, enabled = true) =>
  useQuery({ ...opportunityCountQueryOptions(filters), enabled });
