import type { PublicConfig } from '@campus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { SessionContext, type Session, type SessionContextValue } from '@/lib/auth/session';
import { publicConfigQueryOptions } from '@/lib/public-config';

type RenderOptions = {
  session?: Session;
  config?: PublicConfig;
  path?: string;
  /** The route pattern the element is mounted at (defaults to `path`). */
  routePath?: string;
};

/** Renders a screen with a query client, a router and a fake session the test controls. */
export const renderWithProviders = (ui: ReactElement, options: RenderOptions = {}) => {
  const { session = { status: 'signedOut', error: null }, config, path = '/' } = options;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (config) queryClient.setQueryData(publicConfigQueryOptions().queryKey, config);
  const sessionValue: SessionContextValue = {
    session,
    signIn: vi.fn(() => Promise.resolve()),
    completeRegistration: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
  };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={sessionValue}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={options.routePath ?? path} element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, sessionValue, queryClient };
};
