import { texts, type OrganizationListItem, type User, impactTexts } from '@campus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerNavItems, sidebarNavItems, tabBarItems } from '@/components/layouts/navigation';
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

const t = impactTexts.ui;
const HABITAT = '11111111-1111-4111-8111-111111111111';

const student = aUser({ id: 'student-1', email: 'sam@university.edu', admin: false });
const host = aUser({ id: 'host-1', email: 'hal@university.edu', admin: false });
const admin = aUser({ id: 'admin-1', email: 'ada@university.edu', admin: true });

const habitat: OrganizationListItem = {
  id: HABITAT,
  name: 'Habitat Club',
  type: 'Cultural',
  description: 'Houses',
  approved: true,
  host_user_id: 'host-1',
  host_user_name: 'Hal Host',
  member_count: 8,
  date_created: '2025-09-01T00:00:00.000Z',
  is_member: true,
};

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
};

const mainNav = () => screen.getByRole('navigation', { name: texts.nav.main });

describe('/impact', () => {
  it('tells a student it is not theirs, under its title, with no link to it', async () => {
    const api = fakeApi();
    api.on('GET /api/orgs/approved', () => ({ body: [habitat] }));
    renderAt('/impact', student);
    expect(
      await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(t.forbidden)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(texts.pages.documentTitle(t.title)));
    expect(
      within(mainNav()).queryByRole('link', { name: texts.nav.impact }),
    ).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/impact')).toEqual([]);
  });

  it('links a host to it as the current page and shows their organization', async () => {
    const api = fakeApi();
    api.on('GET /api/orgs/approved', () => ({ body: [habitat] }));
    renderAt('/impact', host);
    const nav = await screen.findByRole('navigation', { name: texts.nav.main }, { timeout: 5000 });
    const link = await within(nav).findByRole('link', { name: texts.nav.impact });
    expect(link).toHaveAttribute('href', '/impact');
    expect(link).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(api.calls('GET', '/api/impact')).toHaveLength(1));
    expect(api.calls('GET', '/api/impact')[0]?.search).toBe(`?organization_id=${HABITAT}`);
  });

  it('links an admin to it after the Admin Page without asking what they host', async () => {
    const api = fakeApi();
    renderAt('/opportunities', admin);
    await screen.findByRole('heading', { level: 1, name: 'Events' }, { timeout: 5000 });
    const names = within(mainNav())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names.indexOf(texts.nav.impact)).toBe(names.indexOf(texts.nav.adminPage) + 1);
    expect(api.calls('GET', '/api/orgs/approved')).toEqual([]);
  });
});

describe('the impact link in the navigation', () => {
  const labels = (items: { label: string }[]) => items.map((item) => item.label);
  const student = { userId: 'student-1', isAdmin: false };

  it('is in the header and the sidebar for admins and hosts only', () => {
    for (const nav of [
      { ...student, isAdmin: true },
      { ...student, hostsOrganizations: true },
    ]) {
      expect(labels(headerNavItems(nav))).toContain(texts.nav.impact);
      expect(sidebarNavItems(nav).find((item) => item.label === texts.nav.impact)?.href).toBe(
        '/impact',
      );
    }
    expect(labels(headerNavItems(student))).not.toContain(texts.nav.impact);
    expect(labels(sidebarNavItems(student))).not.toContain(texts.nav.impact);
    expect(labels(sidebarNavItems({ ...student, hostsOrganizations: false }))).not.toContain(
      texts.nav.impact,
    );
    // The tab bar keeps its five places.
    expect(labels(tabBarItems({ ...student, isAdmin: true }))).not.toContain(texts.nav.impact);
  });
});
