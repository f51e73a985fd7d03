import { type Notifications, serviceHoursTexts } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '@/components/layouts/notification-bell';
import { usePendingFriendRequestCount } from '@/features/notifications/api/get-notifications';
import { renderWithProviders } from '@/testing/render';
import { NotificationsRoute } from './notifications';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

const ME = '00000000-0000-4000-8000-000000000001';
const ADA = '00000000-0000-4000-8000-0000000000a0';
const CY = '00000000-0000-4000-8000-0000000000c0';
const ADA_REQUEST = `${ME}_${ADA}`;
const CY_REQUEST = `${ME}_${CY}`;

type Call = { method: string; path: string };
type Answer = { status?: number; body: unknown };
let calls: Call[];
let routes: Record<string, (call: Call) => Answer>;
let pending: Notifications['friend_requests'];
let decisions: Notifications['hours_decisions'];

const answered = (friendshipId: string) => () => {
  pending = pending.filter((request) => request.friendship_id !== friendshipId);
  return { body: { success: true } };
};

beforeEach(() => {
  calls = [];
  decisions = [];
  pending = [
    {
      friendship_id: ADA_REQUEST,
      user_id: ADA,
      name: 'Ada Lovelace',
      profile_image: null,
      requested_at: '2025-10-01T16:00:00.000Z',
    },
    {
      friendship_id: CY_REQUEST,
      user_id: CY,
      name: 'Cy Young',
      profile_image: null,
      requested_at: '2025-09-30T16:00:00.000Z',
    },
  ];
  routes = {
    'GET /api/notifications': () => ({
      body: { count: pending.length, friend_requests: pending, hours_decisions: decisions },
    }),
    [`PUT /api/friendships/${ADA_REQUEST}/accept`]: answered(ADA_REQUEST),
    [`PUT /api/friendships/${ADA_REQUEST}/reject`]: answered(ADA_REQUEST),
    [`PUT /api/friendships/${CY_REQUEST}/accept`]: answered(CY_REQUEST),
    [`PUT /api/friendships/${CY_REQUEST}/reject`]: answered(CY_REQUEST),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const call: Call = { method: init?.method ?? 'GET', path: url.pathname };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = route ? route(call) : { status: 404, body: { message: 'Not Found' } };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page beside the header's bell, both fed by GET /api/notifications as in the app. */
const PageWithBell = () => (
  <>
    <NotificationBell count={usePendingFriendRequestCount()} />
    <NotificationsRoute />
  </>
);

const renderPage = () => {
  renderWithProviders(<PageWithBell />, {
    session: { status: 'signedIn', email: 'me@university.edu', userId: ME },
    path: '/notifications',
  });
  return userEvent.setup();
};

const row = (name: string) => screen.getByRole('article', { name });
const hours = serviceHoursTexts.ui;

describe('/notifications', () => {
  it('lists the friend requests received, each with Accept and Decline', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const ada = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute(
      'href',
      `/profile/${ADA}`,
    );
    expect(within(ada).getByText('Oct 1, 2025')).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: /^Accept/ })).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: /^Decline/ })).toBeInTheDocument();
    expect(within(row('Cy Young')).getByRole('button', { name: /^Accept/ })).toBeInTheDocument();
  });

  it('accepts a request: it leaves the list and the bell counts one fewer', async () => {
    const user = renderPage();
    expect(
      await screen.findByRole('link', { name: 'Notifications: 2 pending friend requests' }),
    ).toBeInTheDocument();
    await user.click(within(row('Ada Lovelace')).getByRole('button', { name: /^Accept/ }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).not.toBeInTheDocument(),
    );
    expect(
      screen.getByRole('link', { name: 'Notifications: 1 pending friend request' }),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PUT',
      path: `/api/friendships/${ADA_REQUEST}/accept`,
    });
  });

  it('declines the last request and then says there are none', async () => {
    pending = pending.slice(1);
    const user = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Cy Young' })).getByRole('button', {
        name: /^Decline/,
      }),
    );
    expect(await screen.findByText('No pending friend requests.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveTextContent('');
    expect(calls).toContainEqual({ method: 'PUT', path: `/api/friendships/${CY_REQUEST}/reject` });
  });

  it('says which answer failed, on the request it was for', async () => {
    routes[`PUT /api/friendships/${ADA_REQUEST}/accept`] = () => ({ status: 500, body: {} });
    routes[`PUT /api/friendships/${CY_REQUEST}/reject`] = () => ({ status: 500, body: {} });
    const user = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Ada Lovelace' })).getByRole('button', {
        name: /^Accept/,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error accepting friend request');

    await user.click(within(row('Cy Young')).getByRole('button', { name: /^Decline/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Error rejecting friend request'),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(row('Ada Lovelace')).toBeInTheDocument();
  });

  it('says "Could not find friendship to accept/reject" when the request is gone', async () => {
    routes[`PUT /api/friendships/${ADA_REQUEST}/accept`] = () => ({
      status: 404,
      body: { message: 'No pending friend request' },
    });
    const user = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Ada Lovelace' })).getByRole('button', {
        name: /^Accept/,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not find friendship to accept/reject',
    );
  });

  it('lists the decisions on logged service hours, each saying whether and why, without counting them on the bell', async () => {
    pending = [];
    decisions = [
      {
        log_id: 'log-2',
        status: 'rejected',
        organization_name: 'Riverside Shelter',
        date: '2025-09-27',
        minutes: 45,
        decided_at: '2025-10-01T15:00:00.000Z',
        decided_by_name: 'Ada Admin',
        reason: 'No one there remembers you.',
      },
      {
        log_id: 'log-1',
        status: 'approved',
        organization_name: 'City Food Bank',
        date: '2025-09-20',
        minutes: 150,
        decided_at: '2025-09-30T15:00:00.000Z',
        decided_by_name: 'Hal Host',
        reason: null,
      },
    ];
    renderPage();
    const section = await screen.findByRole('region', { name: hours.notificationsTitle });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${hours.notificationRejected('Riverside Shelter', 45)}Sep 27, 2025 · ${hours.decidedBy('Ada Admin')}${hours.reason('No one there remembers you.')}`,
      `${hours.notificationApproved('City Food Bank', 150)}Sep 20, 2025 · ${hours.decidedBy('Hal Host')}`,
    ]);
    expect(
      within(items[1]!).getByRole('link', {
        name: hours.notificationApproved('City Food Bank', 150),
      }),
    ).toHaveAttribute('href', '/hours');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveTextContent('');
  });

  it('has no service hours section without decisions', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(
      screen.queryByRole('heading', { name: hours.notificationsTitle }),
    ).not.toBeInTheDocument();
  });
});
