import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '@/lib/auth/session-provider';
import { prefetchPage } from './prefetch-page';

/** The page being loaded, asked for beside the sign-in calls of a reload (prefetch-page.ts). */
const prefetchCurrentPage = (queryClient: QueryClient) =>
  prefetchPage(queryClient, window.location);

type AppProviderProps = { queryClient: QueryClient; children: ReactNode };

export const AppProvider = ({ queryClient, children }: AppProviderProps) => (
  <QueryClientProvider client={queryClient}>
    <SessionProvider onProviderUser={prefetchCurrentPage}>{children}</SessionProvider>
  </QueryClientProvider>
);
