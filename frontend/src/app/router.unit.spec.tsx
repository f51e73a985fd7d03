import { texts, type User } from '@campus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

// Each screen's code loads on its route's first visit, slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

type NotificationsAnswer = { status: number; body: unknown };
let notificationsAnswer: NotificationsAnswer;
/** Answers to other reads, by the end of their URL. */
let otherAnswers: Record<string, NotificationsAnswer>;
let requestedUrls: string[];

const jsonResponse = ({ status, body }: NotificationsAnswer) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  notificationsAnswer = { status: 404, body: { message: 'Not Found' } };
  otherAnswers = {};
  requestedUrls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requestedUrls.push(url);
      if (url.endsWith('/api/notifications')) {
        return Promise.resolve(jsonResponse(notificationsAnswer));
      }
      const other = Object.entries(otherAnswers).find(([end]) => url.endsWith(end));
      if (other) return Promise.resolve(jsonResponse(other[1]));
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
    '/hours',
    '/hours/verify',
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

describe('the unsubscribe page of a mail', () => {
  const token =
    '0b7c1a52-9d3e-4f60-8a1b-2c3d4e5f6a7b.waitlist.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
  const t = texts.mailPreferences.unsubscribe;

  it.each([
    ['signed out', signedOut, undefined],
    ['signed in', signedInAs(student), student],
  ] as const)('opens %s, named after itself, and sends nothing', async (_case, session, user) => {
    const { location } = renderAt(`/unsubscribe/${token}`, { session, user });
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.question('waitlist'))).toBeInTheDocument();
    expect(location()).toBe(`/unsubscribe/${token}`);
    await waitFor(() => expect(document.title).toBe(`${t.title} · Campus Volunteering`));
    expect(requestedUrls.filter((url) => url.includes('/unsubscribe/'))).toEqual([]);
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
    ['/hours', 'Service Hours'],
    ['/hours/verify', 'Verify Hours'],
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

describe('document titles and focus', () => {
  const titled = (page: string) => `${page} · Campus Volunteering`;

  it.each([
    ['/opportunities', 'Events', 'Events'],
    ['/leaderboard', 'Leaderboard', 'Leaderboard'],
    ['/groups', 'Manage Organizations', 'Manage Organizations'],
    ['/notifications', 'Notifications', 'Notifications'],
    ['/my-opportunities', 'My Opportunities', 'My Opportunities'],
    ['/create-opportunity', 'Create Opportunity', 'Create Opportunity'],
    ['/about-us', 'About Us', 'About Us'],
    ['/hours', 'Service Hours', 'Service Hours'],
    ['/hours/verify', 'Verify Hours', 'Verify Hours'],
  ])('names %s after its page', async (path, heading, title) => {
    renderAt(path, { session: signedInAs(student), user: student });
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => expect(document.title).toBe(titled(title)));
  });

  it('names the sign-in page', async () => {
    renderAt('/login', { session: signedOut });
    await screen.findByRole('button', { name: 'Sign in with university email' });
    await waitFor(() => expect(document.title).toBe(titled('Sign in')));
  });

  it('names a profile after its person once loaded, and by its kind before', async () => {
    let answer: (reply: NotificationsAnswer) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.endsWith('/api/users/user-9')) {
          return new Promise<Response>((resolve) => {
            answer = (reply) => resolve(jsonResponse(reply));
          });
        }
        return Promise.resolve(jsonResponse({ status: 404, body: { message: 'Not Found' } }));
      }),
    );
    renderAt('/profile/user-9', { session: signedInAs(student), user: student });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await waitFor(() => expect(document.title).toBe(titled('Profile')));
    answer({
      status: 200,
      body: {
        ...aUser({ id: 'user-9', name: 'Tom Cummerata' }),
        badges: [],
        friend_count: 0,
        signup_count: 0,
        hours: 0,
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Tom Cummerata' });
    await waitFor(() => expect(document.title).toBe(titled('Tom Cummerata')));
  });

  it('leaves focus alone on the first load and moves it to the heading after a navigation', async () => {
    const user = userEvent.setup();
    renderAt('/opportunities', { session: signedInAs(student), user: student });
    await screen.findByRole('heading', { level: 1, name: 'Events' });
    expect(document.body).toHaveFocus();

    const nav = screen.getByRole('navigation', { name: texts.nav.main });
    await user.click(within(nav).getByRole('link', { name: 'Leaderboard' }));
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Leaderboard' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe(titled('Leaderboard'));
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
        hours_decisions: [],
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
