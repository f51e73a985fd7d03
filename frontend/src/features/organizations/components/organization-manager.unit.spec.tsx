import type { OrganizationListItem } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { OrganizationManager } from './organization-manager';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

const ME = '00000000-0000-4000-8000-000000000001';

const anOrganization = (overrides: Partial<OrganizationListItem>): OrganizationListItem => ({
  id: 'org-x',
  name: 'Organization',
  type: 'Other',
  description: '',
  approved: true,
  host_user_id: '00000000-0000-4000-8000-0000000000ff',
  member_count: 3,
  date_created: '2025-09-20T12:00:00.000Z',
  host_user_name: 'Host Person',
  is_member: false,
  ...overrides,
});

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };
let calls: Call[];
let routes: Record<string, (call: Call) => Answer>;
let organizations: OrganizationListItem[];

const setMember = (id: string, isMember: boolean) => {
  organizations = organizations.map((o) => (o.id === id ? { ...o, is_member: isMember } : o));
};

beforeEach(() => {
  calls = [];
  organizations = [
    anOrganization({
      id: 'org-chess',
      name: 'Chess Society',
      type: 'Other',
      description: 'Weekly games and tournaments.',
      is_member: true,
      member_count: 12,
    }),
    anOrganization({ id: 'org-habitat', name: 'Habitat Club', type: 'Community Service' }),
    anOrganization({ id: 'org-rowing', name: 'Rowing Team', type: 'Sports Team' }),
  ];
  routes = {
    'GET /api/orgs/approved': () => ({ body: organizations }),
    'POST /api/register-org': ({ body }) => {
      setMember((body as { organization_id: string }).organization_id, true);
      return { body: { success: true } };
    },
    'POST /api/unregister-org': ({ body }) => {
      setMember((body as { organization_id: string }).organization_id, false);
      return { body: { success: true } };
    },
    'POST /api/orgs': ({ body }) => ({
      status: 201,
      body: {
        ...anOrganization({}),
        ...(body as object),
        id: 'org-new',
        approved: false,
        host_user_id: ME,
        member_count: 1,
      },
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const call: Call = {
        method,
        path: url.pathname,
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

const renderManager = () => {
  renderWithProviders(<OrganizationManager />, {
    session: { status: 'signedIn', email: 'me@university.edu', userId: ME },
  });
  return userEvent.setup();
};

const searchInput = () => screen.getByRole('searchbox', { name: 'Search organizations' });
const card = (name: string) => screen.getByRole('article', { name });
const createOffer = () => screen.queryByText(/^Can't find it\? Create/);
const posted = (path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('OrganizationManager: browse and search', () => {
  it('lists every approved organization with its type, members and Join or Leave', async () => {
    renderManager();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'All Organizations' })).toBeInTheDocument();
    expect(screen.getByText('3 organizations')).toBeInTheDocument();
    const chess = card('Chess Society');
    expect(within(chess).getByRole('link', { name: 'Chess Society' })).toHaveAttribute(
      'href',
      '/group-detail/org-chess',
    );
    expect(within(chess).getByText('12 members')).toBeInTheDocument();
    expect(within(chess).getByText('Joined')).toBeInTheDocument();
    expect(within(chess).getByRole('button', { name: 'Leave Chess Society' })).toBeInTheDocument();
    expect(
      within(card('Habitat Club')).getByRole('button', { name: 'Join Habitat Club' }),
    ).toBeInTheDocument();
    expect(within(card('Habitat Club')).getByText('Community Service')).toBeInTheDocument();
  });

  it('filters by a case-insensitive part of the name', async () => {
    const user = renderManager();
    await screen.findByRole('article', { name: 'Rowing Team' });
    await user.type(searchInput(), 'CLU');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Habitat Club',
    ]);
    expect(
      screen.getByRole('heading', { name: 'Organizations matching "CLU"' }),
    ).toBeInTheDocument();
    await user.clear(searchInput());
    await user.type(searchInput(), 'zzz');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('0 organizations')).toBeInTheDocument();
    expect(screen.getByText('Can\'t find it? Create "zzz"')).toBeInTheDocument();
  });
});

describe('OrganizationManager: create', () => {
  it('hides the create option when an organization has exactly that name, in any case', async () => {
    const user = renderManager();
    await screen.findByRole('article', { name: 'Chess Society' });
    expect(createOffer()).not.toBeInTheDocument();

    await user.type(searchInput(), 'chess');
    expect(screen.getByText('Can\'t find it? Create "chess"')).toBeInTheDocument();

    await user.type(searchInput(), ' society');
    expect(screen.getByRole('article', { name: 'Chess Society' })).toBeInTheDocument();
    expect(createOffer()).not.toBeInTheDocument();

    await user.clear(searchInput());
    await user.type(searchInput(), '  CHESS SOCIETY  ');
    expect(createOffer()).not.toBeInTheDocument();

    await user.clear(searchInput());
    await user.type(searchInput(), '   ');
    expect(createOffer()).not.toBeInTheDocument();
  });

  it('requires a type from the list; the description is optional', async () => {
    const user = renderManager();
    await screen.findByRole('article', { name: 'Chess Society' });
    await user.type(searchInput(), '  Debate Union ');
    await user.click(screen.getByRole('button', { name: 'Create Organization' }));

    const form = screen.getByRole('form', { name: 'Create a new organization' });
    expect(within(form).getByText('Debate Union')).toBeInTheDocument();
    const type = within(form).getByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a type',
      'Fraternity',
      'Sorority',
      'Professional Club',
      'Sports Team',
      'Performing Arts Group',
      'Project Team',
      'Cultural',
      'Community Service',
      'Religious',
      'Other',
    ]);

    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByText('Please choose a type.')).toBeInTheDocument();
    expect(posted('/api/orgs')).toHaveLength(0);

    await user.selectOptions(type, 'Cultural');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        '"Debate Union" was created and is waiting for an admin\'s approval. You are its first member.',
      ),
    ).toBeInTheDocument();
    expect(posted('/api/orgs').map((call) => call.body)).toEqual([
      { name: 'Debate Union', type: 'Cultural', description: '' },
    ]);
    expect(searchInput()).toHaveValue('');
    expect(
      screen.queryByRole('form', { name: 'Create a new organization' }),
    ).not.toBeInTheDocument();
  });

  it('says "Error creating organization" when the server refuses', async () => {
    routes['POST /api/orgs'] = () => ({
      status: 409,
      body: { message: 'An organization with this name already exists.' },
    });
    const user = renderManager();
    await screen.findByRole('article', { name: 'Chess Society' });
    await user.type(searchInput(), 'Pending Club');
    await user.click(screen.getByRole('button', { name: 'Create Organization' }));
    const form = screen.getByRole('form', { name: 'Create a new organization' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'Other');
    await user.type(within(form).getByRole('textbox', { name: 'Description (optional)' }), ' Hi ');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Error creating organization — An organization with this name already exists.',
    );
    expect(posted('/api/orgs')[0]?.body).toEqual({
      name: 'Pending Club',
      type: 'Other',
      description: 'Hi',
    });
  });
});

describe('OrganizationManager: membership', () => {
  it('joins, then shows the refreshed list', async () => {
    const user = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Join Habitat Club' }));
    expect(await screen.findByRole('button', { name: 'Leave Habitat Club' })).toBeInTheDocument();
    expect(posted('/api/register-org').map((call) => call.body)).toEqual([
      { user_id: ME, organization_id: 'org-habitat' },
    ]);
    expect(calls.filter((call) => call.path === '/api/orgs/approved')).toHaveLength(2);
  });

  it('asks before leaving; Cancel keeps the membership', async () => {
    const user = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Leave Chess Society' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave organization?' });
    expect(dialog).toHaveTextContent('Are you sure you want to leave Chess Society?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted('/api/unregister-org')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Leave Chess Society' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave organization?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Join Chess Society' })).toBeInTheDocument();
    expect(posted('/api/unregister-org').map((call) => call.body)).toEqual([
      { user_id: ME, organization_id: 'org-chess' },
    ]);
  });

  it('says which change failed, on the organization it was for', async () => {
    routes['POST /api/register-org'] = () => ({ status: 500, body: {} });
    routes['POST /api/unregister-org'] = () => ({ status: 500, body: {} });
    const user = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Join Habitat Club' }));
    expect(await within(card('Habitat Club')).findByRole('alert')).toHaveTextContent(
      'Error joining organization',
    );

    await user.click(screen.getByRole('button', { name: 'Leave Chess Society' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave organization?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await within(card('Chess Society')).findByRole('alert')).toHaveTextContent(
      'Error leaving organization',
    );
    expect(within(card('Habitat Club')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Chess Society' })).toBeInTheDocument();
  });
});
