import type { SearchResult } from '@campus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** How long typing must pause before the header search asks the server. */
const SEARCH_DEBOUNCE_MS = 250;

/** GET /api/search?q=: up to 4 organizations and 4 students whose name holds the text. */
const search = (q: string, signal?: AbortSignal): Promise<SearchResult> =>
  api.request('search', { query: { q }, signal });

const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q.toLocaleLowerCase()],
    queryFn: ({ signal }) => search(q, signal),
    staleTime: 10_000,
  });

/** `value`, once it has stayed the same for `delayMs`. */
const useDebouncedValue = <T>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * The header search for a query as typed: asks once typing pauses and keeps the previous answer on
 * screen meanwhile (`loading` says a newer one is on its way).
 */
export const useHeaderSearch = (query: string) => {
  const trimmed = query.trim();
  const settled = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const result = useQuery({
    ...searchQueryOptions(settled),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
  });
  return {
    results: trimmed === '' ? undefined : result.data,
    loading: trimmed !== settled || result.isFetching,
    isError: result.isError,
  };
};
