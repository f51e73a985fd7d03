import { type User, adminTexts } from '@campus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userByEmailQueryOptions } from '@/lib/auth/api/get-user-by-email';
import { SessionContext, type SessionContextValue } from '@/lib/auth/session';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { fakeApi } from '@/testing/fake-api';
import { aConfig, aUser } from '@/testing/fixtures';
import { appRoutes } from '../router';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const student = aUser({ id: 'student-1', email: 'sam@university.edu', admin: false });
const admin = aUser({
  id: 'admin-1',
  name: 'Ada Admin',
  first_name: 'Ada',
  email: 'admin@university.edu',
  admin: true,
});

const renderAt = (path: string, user: User) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, aConfig());
  queryClient.setQueryData(userByEmailQueryOptions(user.email ?? '').queryKey, user);
  const session: SessionContextValue = {
    session: { status: 'signedIn', email: user.email ?? '', userId: user.id },
    signIn: vi.fn(() => Promise.resolve()),
    completeRegistration: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
  };
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { location: () => router.state.location.pathname };
};

const adminPaths = [
  '/admin',
  '/admin/operations',
  '/admin/users/student-1/history',
  '/admin/opportunities/opp-1/history',
];

describe('the admin screens', () => {
  it.each(adminPaths)(
    'send a student from %s to /opportunities without asking the API',
    async (path) => {
      const api = fakeApi();
      const { location } = renderAt(path, student);
      // The lazy route modules load on first use.
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Events' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(location()).toBe('/opportunities');
      expect(api.sent.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
      expect(api.calls('GET', '/api/opps/unapproved')).toEqual([]);
    },
  );

  it.each([
    ['/admin', adminTexts.panel.title],
    ['/admin/operations', adminTexts.operations.title],
    ['/admin/users/student-1/history', adminTexts.userHistory.title],
    ['/admin/opportunities/opp-1/history', adminTexts.opportunityHistory.title],
  ])('open %s for an admin', async (path, title) => {
    fakeApi();
    const { location } = renderAt(path, admin);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it('links the panel to its other tools, side by side in one navigation', async () => {
    fakeApi();
    renderAt('/admin', admin);
    const tools = await screen.findByRole('navigation', { name: adminTexts.panel.toolsLabel });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/operations', '/admin/scoring-preview']);
    expect(
      within(tools).getByRole('link', { name: adminTexts.panel.operationsLink }),
    ).toBeInTheDocument();
  });

  it('link a profile to its point history audit for admins only', async () => {
    const api = fakeApi();
    api.on('GET /api/users/student-1', () => ({
      body: { ...student, badges: [], friend_count: 0, signup_count: 0, hours: 2 },
    }));
    renderAt('/profile/student-1', admin);
    expect(
      // The profile screen is loaded on demand: on a busy machine that takes more than a second.
      await screen.findByRole(
        'link',
        { name: adminTexts.userHistory.auditLink },
        { timeout: 5_000 },
      ),
    ).toHaveAttribute('href', '/admin/users/student-1/history');
  });

  it('show no audit link to a student on another profile', async () => {
    const api = fakeApi();
    api.on('GET /api/users/admin-1', () => ({
      body: { ...admin, badges: [], friend_count: 0, signup_count: 0, hours: 2 },
    }));
    renderAt('/profile/admin-1', student);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Admin' })).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: adminTexts.userHistory.auditLink }),
    ).not.toBeInTheDocument();
  });
});
