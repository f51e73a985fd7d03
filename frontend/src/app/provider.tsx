import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '@/lib/auth/session-provider';

type AppProviderProps = { queryClient: QueryClient; children: ReactNode };

export const AppProvider = ({ queryClient, children }: AppProviderProps) => (
  <QueryClientProvider client={queryClient}>
    <SessionProvider>{children}</SessionProvider>
  </QueryClientProvider>
);
