import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  opportunitiesQueryOptions,
  opportunityCountQueryOptions,
} from '@/features/opportunities/api/get-opportunities';
import { opportunityQueryOptions } from '@/features/opportunities/api/get-opportunity';
import {
  filtersFromSearch,
  isDateRangeInvalid,
} from '@/features/opportunities/components/opportunity-filters';

/** A failed early request is asked again by the screen that needs it. */
const ignore = () => undefined;

type PageAddress = { readonly pathname: string; readonly search: string };

/**
 * What the Events list and an opportunity's page ask for first, asked for as soon as Firebase
 * names a signed-in user (a reload), beside the sign-in calls instead of after them: the screen
 * then renders from the cache. Each request carries the user's ID token and is answered only if
 * the server lets them read it; a session that turns out to be refused leaves nothing readable
 * behind (the answers are refusals), and logging out empties the cache.
 */
export const prefetchPage = (queryClient: QueryClient, { pathname, search }: PageAddress) => {
  const detail = matchPath(paths.opportunity.path, pathname);
  if (detail?.params.id) {
    queryClient.query(opportunityQueryOptions(detail.params.id)).catch(ignore);
    return;
  }
  if (matchPath(paths.opportunities.path, pathname)) {
    // The same filters the list reads from the address, so the list finds its own query filled.
    const filters = filtersFromSearch(new URLSearchParams(search));
    if (isDateRangeInvalid(filters)) return;
    queryClient.infiniteQuery(opportunitiesQueryOptions(filters)).catch(ignore);
    queryClient.query(opportunityCountQueryOptions(filters)).catch(ignore);
  }
};
