import { texts } from '@campus/contracts';
import { useEffect, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  useOpportunities,
  useOpportunityCount,
  type OpportunityFilters,
} from '../api/get-opportunities';
import { LoadError } from './load-error';
import { OpportunityGrid } from './opportunity-card';
import {
  OpportunityFiltersBar,
  filtersFromSearch,
  isDateRangeInvalid,
  searchOfFilters,
} from './opportunity-filters';
import styles from './opportunities-list.module.css';

const t = texts.opportunities.list;

/**
 * /opportunities 'Events': the header, the filters (kept in the URL) and the card grid, a page
 * of cards at a time with 'Show more' for the next.
 */
export const OpportunitiesList = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  // The screen's own state answers at once; the address follows it (a reload or Back keeps them).
  const [filters, setFilters] = useState(() => filtersFromSearch(searchParams));
  const rangeInvalid = isDateRangeInvalid(filters);
  const query = useOpportunities(filters, !rangeInvalid);
  const cards = query.data?.pages.flatMap((page) => page.items);
  const count = useOpportunityCount(filters, !rangeInvalid);
  // Every match, loaded or not; without the server's count, the cards once the last page is in.
  const total = count.data ?? (cards && !query.hasNextPage ? cards.length : undefined);

  const search = searchOfFilters(filters).toString();
  // While another navigation is under way (a card was clicked as a typed search settled), the
  // address waits: writing it now would be a navigation of its own and cancel the one in flight.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!navigating && search !== searchParams.toString())
      setSearchParams(search, { replace: true });
  }, [navigating, search, searchParams, setSearchParams]);

  const onChange = (patch: Partial<OpportunityFilters>) =>
    setFilters((current) => ({ ...current, ...patch }));

  return (
    <section className={styles.page} aria-labelledby="events-title">
      <div className={styles.header}>
        <div>
          <h1 id="events-title" className={styles.title}>
            {texts.events.title}
          </h1>
          <p className={styles.subtitle}>{texts.events.subtitle}</p>
        </div>
        <ButtonLink
          to={paths.createOpportunity.getHref()}
          icon={
            <svg viewBox="0 0 20 20" fill="currentColor" width="20" height="20" aria-hidden="true">
              <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
            </svg>
          }
        >
          {texts.events.createOpportunity}
        </ButtonLink>
      </div>

      <OpportunityFiltersBar filters={filters} onChange={onChange} />

      {cards ? (
        <>
          <p
            className={cards.length === 0 ? 'visually-hidden' : styles.count}
            role="status"
            aria-busy={count.isPlaceholderData || undefined}
          >
            {total === undefined ? null : t.results(total)}
          </p>
          {cards.length === 0 ? (
            <div className={styles.empty}>
              <CalendarIcon size={48} className={styles.emptyIcon} />
              <p>{texts.events.empty}</p>
            </div>
          ) : (
            <div
              className={query.isPlaceholderData ? styles.stale : undefined}
              aria-busy={query.isPlaceholderData || undefined}
            >
              <OpportunityGrid opportunities={cards} />
              {query.hasNextPage && !query.isPlaceholderData ? (
                <div className={styles.more}>
                  <Button
                    variant="secondary"
                    loading={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                  >
                    {t.showMore}
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : rangeInvalid ? null : (
        <div className={styles.loading}>
          <Spinner size="large" label={t.loading} />
        </div>
      )}
    </section>
  );
};
