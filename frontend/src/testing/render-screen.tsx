import type { User } from '@campus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { PopupProvider } from '@/components/ui/popup';
import { userByEmailQueryOptions } from '@/lib/auth/api/get-user-by-email';
import { SessionContext, type SessionContextValue } from '@/lib/auth/session';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { aConfig, aUser } from '@/testing/fixtures';

const TEST_NOW = aConfig().now;

type RenderScreenOptions = {
  user?: User;
  path?: string;
  routePath?: string;
  /** Further routes beside the screen's (before the catch-all 'elsewhere'). */
  routes?: RouteObject[];
};

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
  // A data router, as the app's: screens may read the navigation state.
  const router = createMemoryRouter(
    [
      {
        element: (
          <PopupProvider>
            <Outlet />
          </PopupProvider>
        ),
        children: [
          { path: options.routePath ?? path.split('?')[0] ?? path, element: ui },
          ...(options.routes ?? []),
          { path: '*', element: <p>elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
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
