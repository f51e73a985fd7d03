import type { SearchResult } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { HeaderSearch } from './header-search';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

const ME = '00000000-0000-4000-8000-000000000001';
const HABITAT = '00000000-0000-4000-8000-0000000000a1';
const RILEY = '00000000-0000-4000-8000-000000000002';

type Call = { method: string; path: string; search: string; body: unknown };
type Answer = { status?: number; body: unknown };
let calls: Call[];
let routes: Record<string, (call: Call) => Answer>;
let isMember: boolean;

const searchAnswer = (): SearchResult => ({
  organizations: [
    {
      id: HABITAT,
      name: 'Habitat Club',
      type: 'Community Service',
      is_member: isMember,
      is_host: false,
    },
  ],
  students: [
    {
      id: RILEY,
      name: 'Riley Chen',
      profile_image: null,
      friendship_status: 'add',
      friendship_id: null,
    },
  ],
});

beforeEach(() => {
  calls = [];
  isMember = false;
  routes = {
    'GET /api/search': () => ({ body: searchAnswer() }),
    'POST /api/register-org': () => {
      isMember = true;
      return { body: { success: true } };
    },
    'POST /api/unregister-org': () => {
      isMember = false;
      return { body: { success: true } };
    },
    [`POST /api/users/${ME}/friends`]: () => ({ body: { success: true } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const call: Call = {
        method,
        path: url.pathname,
        search: url.search,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`];
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

const renderSearch = () => {
  renderWithProviders(<HeaderSearch />, {
    session: { status: 'signedIn', email: 'me@university.edu', userId: ME },
  });
  return userEvent.setup();
};

const input = () => screen.getByRole('combobox', { name: 'Search students and organizations' });
const searches = () => calls.filter((call) => call.path === '/api/search');

describe('HeaderSearch', () => {
  it('asks GET /api/search once typing pauses, with the whole query', async () => {
    const user = renderSearch();
    await user.type(input(), 'habitat');
    expect(await screen.findByRole('link', { name: /Habitat Club/ })).toBeInTheDocument();
    expect(searches().map((call) => call.search)).toEqual(['?q=habitat']);
  });

  it('joins from the dropdown and shows Leave once the search is read again', async () => {
    const user = renderSearch();
    await user.type(input(), 'hab');
    await user.click(await screen.findByRole('button', { name: 'Join Habitat Club' }));
    expect(await screen.findByRole('button', { name: 'Leave Habitat Club' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/register-org')?.body).toEqual({
      user_id: ME,
      organization_id: HABITAT,
    });
    expect(searches().length).toBeGreaterThanOrEqual(2);
  });

  it('asks before leaving, and leaves only when confirmed', async () => {
    isMember = true;
    const user = renderSearch();
    await user.type(input(), 'hab');
    await user.click(await screen.findByRole('button', { name: 'Leave Habitat Club' }));

    const dialog = screen.getByRole('dialog', { name: 'Leave organization?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Leave organization?' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/unregister-org')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Leave Habitat Club' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave organization?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Join Habitat Club' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/unregister-org')?.body).toEqual({
      user_id: ME,
      organization_id: HABITAT,
    });
    expect(screen.queryByRole('dialog', { name: 'Leave organization?' })).not.toBeInTheDocument();
  });

  it('says "Error joining organization" in the dropdown when the join fails', async () => {
    routes['POST /api/register-org'] = () => ({ status: 500, body: {} });
    const user = renderSearch();
    await user.type(input(), 'hab');
    await user.click(await screen.findByRole('button', { name: 'Join Habitat Club' }));
    const panel = screen.getByRole('dialog', { name: 'Search results' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Error joining organization');
  });

  it('sends a friend request with Add Friend, and says so when it fails', async () => {
    const user = renderSearch();
    await user.type(input(), 'ril');
    await user.click(await screen.findByRole('button', { name: 'Add Friend Riley Chen' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `/api/users/${ME}/friends`)?.body).toEqual({
        receiver_id: RILEY,
      }),
    );

    routes[`POST /api/users/${ME}/friends`] = () => ({
      status: 409,
      body: { message: 'Friend request already sent' },
    });
    await user.click(screen.getByRole('button', { name: 'Add Friend Riley Chen' }));
    const panel = screen.getByRole('dialog', { name: 'Search results' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Error sending friend request — Friend request already sent',
    );
  });
});
