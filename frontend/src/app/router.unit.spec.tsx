import { texts, type User } from '@campus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userByEmailQueryOptions } from '@/lib/auth/api/get-user-by-email';
import { SessionContext, type Session, type SessionContextValue } from '@/lib/auth/session';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { aConfig, aUser } from '@/testing/fixtures';
import { appRoutes } from './router';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

type NotificationsAnswer = { status: number; body: unknown };
let notificationsAnswer: NotificationsAnswer;
let requestedUrls: string[];

const jsonResponse = ({ status, body }: NotificationsAnswer) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  notificationsAnswer = { status: 404, body: { message: 'Not Found' } };
  requestedUrls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requestedUrls.push(url);
      if (url.endsWith('/api/notifications')) {
        return Promise.resolve(jsonResponse(notificationsAnswer));
      }
      return Promise.resolve(jsonResponse({ status: 404, body: { message: 'Not Found' } }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const student = aUser({ id: 'student-1', email: 'student@university.edu', first_name: 'Sam' });
const admin = aUser({
  id: 'admin-1',
  email: 'admin@university.edu',
  first_name: 'Avery',
  name: 'Avery Admin',
  admin: true,
});

const signedOut: Session = { status: 'signedOut', error: null };
const signedInAs = (user: User): Session => ({
  status: 'signedIn',
  email: user.email ?? '',
  userId: user.id,
});

const renderAt = (path: string, { session, user }: { session: Session; user?: User }) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, aConfig());
  if (user?.email) queryClient.setQueryData(userByEmailQueryOptions(user.email).queryKey, user);
  const sessionValue: SessionContextValue = {
    session,
    signIn: vi.fn(() => Promise.resolve()),
    completeRegistration: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
  };
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={sessionValue}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, location };
};

describe('routes when signed out', () => {
  it.each(['/', '/no/such/page', '/opportunitie'])('sends %s to /login', async (path) => {
    const { location } = renderAt(path, { session: signedOut });
    expect(
      await screen.findByRole('button', { name: 'Sign in with university email' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it.each([
    '/opportunities',
    '/opportunity/opp-1',
    '/groups',
    '/leaderboard',
    '/profile/user-9',
    '/notifications',
    '/admin',
    '/account-setup',
  ])('sends the signed-in route %s to /login, remembering it', async (path) => {
    const { location } = renderAt(path, { session: signedOut });
    await screen.findByRole('button', { name: 'Sign in with university email' });
    expect(location()).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it('shows /about-us with Back to Login and without the signed-in header', async () => {
    const { location } = renderAt('/about-us', { session: signedOut });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('navigation', { name: texts.nav.main })).not.toBeInTheDocument();
    expect(location()).toBe('/about-us');
  });
});

describe('routes when signed in', () => {
  it.each(['/', '/no/such/page', '/login'])('sends %s to /opportunities', async (path) => {
    const { location } = renderAt(path, { session: signedInAs(student), user: student });
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(location()).toBe('/opportunities');
    expect(screen.getByRole('navigation', { name: texts.nav.main })).toBeInTheDocument();
  });

  it.each([
    ['/opportunity/opp-1', 'Opportunity'],
    ['/create-opportunity', 'Create Opportunity'],
    ['/my-opportunities', 'My Opportunities'],
    ['/groups', 'Manage Organizations'],
    ['/group-detail/org-1', 'Organization'],
    ['/leaderboard', 'Leaderboard'],
    ['/profile/student-1', 'Profile'],
    ['/notifications', 'Notifications'],
  ])('has %s inside the header', async (path, title) => {
    const { location } = renderAt(path, { session: signedInAs(student), user: student });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(location()).toBe(path);
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it.each(['/account-setup', '/org-setup'])('shows the onboarding screen at %s', async (path) => {
    renderAt(path, { session: signedInAs(student), user: student });
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam!' })).toBeInTheDocument();
  });

  it('sends a student away from /admin to /opportunities', async () => {
    const { location } = renderAt('/admin', { session: signedInAs(student), user: student });
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(location()).toBe('/opportunities');
  });

  it('opens /admin for an admin', async () => {
    const { location } = renderAt('/admin', { session: signedInAs(admin), user: admin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Panel' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });

  it('shows /about-us inside the header, without Back to Login', async () => {
    renderAt('/about-us', { session: signedInAs(student), user: student });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: texts.nav.main });
    expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('link', { name: 'Back to Login' })).not.toBeInTheDocument();
  });

  it('lets the owner log out from the profile page', async () => {
    renderAt('/profile/student-1', { session: signedInAs(student), user: student });
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});

describe('the notification bell', () => {
  it('shows the pending friend request count from GET /api/notifications', async () => {
    notificationsAnswer = {
      status: 200,
      body: {
        count: 2,
        friend_requests: [
          {
            friendship_id: 'a_s',
            user_id: 'a',
            name: 'Ada Lovelace',
            profile_image: null,
            requested_at: '2025-10-01T12:00:00.000Z',
          },
          {
            friendship_id: 'c_s',
            user_id: 'c',
            name: 'Cy Young',
            profile_image: null,
            requested_at: '2025-10-01T11:00:00.000Z',
          },
        ],
      },
    };
    renderAt('/opportunities', { session: signedInAs(student), user: student });
    const bell = await screen.findByRole('link', {
      name: 'Notifications: 2 pending friend requests',
    });
    expect(bell).toHaveTextContent('2');
  });

  it('shows no badge when the route fails or does not exist yet', async () => {
    renderAt('/opportunities', { session: signedInAs(student), user: student });
    await screen.findByRole('heading', { level: 1, name: 'Events' });
    await waitFor(() => expect(requestedUrls).toContain('/api/notifications'));
    const bell = screen.getByRole('link', { name: 'Notifications' });
    expect(bell).toHaveTextContent('');
  });
});
