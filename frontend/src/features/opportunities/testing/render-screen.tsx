import type { User } from '@campus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { PopupProvider } from '@/components/ui/popup';
import { userByEmailQueryOptions } from '@/lib/auth/api/get-user-by-email';
import { SessionContext, type SessionContextValue } from '@/lib/auth/session';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { aConfig, aUser } from '@/testing/fixtures';

export const TEST_NOW = aConfig().now;

export type RenderScreenOptions = { user?: User; path?: string; routePath?: string };

/** A signed-in screen with the popup provider, the server clock at TEST_NOW and the user cached. */
export const renderScreen = (ui: ReactElement, options: RenderScreenOptions = {}) => {
  const user = options.user ?? aUser();
  const path = options.path ?? '/';
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, aConfig({ now: TEST_NOW }));
  queryClient.setQueryData(userByEmailQueryOptions(user.email ?? '').queryKey, user);
  const session: SessionContextValue = {
    session: { status: 'signedIn', email: user.email ?? '', userId: user.id },
    signIn: vi.fn(() => Promise.resolve()),
    completeRegistration: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
  };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <PopupProvider>
            <Routes>
              <Route path={options.routePath ?? path.split('?')[0] ?? path} element={ui} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </PopupProvider>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, user };
};

/** An ISO instant `ms` after the test clock's now. */
export const afterNow = (ms: number): string => new Date(Date.parse(TEST_NOW) + ms).toISOString();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
