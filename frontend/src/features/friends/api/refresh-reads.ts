import type { QueryClient } from '@tanstack/react-query';

/**
 * After a friendship write: the bell, the notifications, the search's friend states and the
 * profiles may all have changed, so every read but the static configuration is refetched (with
 * the write's consistency token). Resolves once the screens on view have their new answers.
 */
export const refreshReadsAfterWrite = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
