import type { QueryClient } from '@tanstack/react-query';

/**
 * After a membership or organization write: the current user, the lists, the search and the
 * boards may all have changed, so every read but the static configuration is refetched (the reads
 * carry the write's consistency token). Resolves once the screens on view have their new answers.
 */
export const refreshReadsAfterWrite = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
