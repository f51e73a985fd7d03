import { texts, type OrganizationDetail as Detail } from '@campus/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { OrganizationDetail } from './organization-detail';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

const ME = '00000000-0000-4000-8000-000000000001';
const ORG = '00000000-0000-4000-8000-0000000000a1';

const longAbout =
  'We row on the river every morning at six.\nNovices welcome, no experience needed.\nWe race in the spring and the fall.\nSocials every other Friday.';

const anOrganization = (overrides: Partial<Detail> = {}): Detail => ({
  id: ORG,
  name: 'Rowing Team',
  type: 'Sports Team',
  description: longAbout,
  approved: true,
  host_user_id: '00000000-0000-4000-8000-0000000000ff',
  member_count: 3,
  date_created: '2025-09-20T12:00:00.000Z',
  host_user_name: 'Host Person',
  is_member: true,
  total_points: 1240,
  monthly_points: 300,
  month: '2025-10',
  rank: 2,
  monthly_rank: 1,
  members: [
    { id: 'u-zed', name: 'Zed Young', profile_image: null },
    { id: 'u-amy', name: 'amy Adams', profile_image: null },
    { id: 'u-bo', name: 'Bo Brown', profile_image: null },
  ],
  ...overrides,
});

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };
let calls: Call[];
let routes: Record<string, (call: Call) => Answer>;
let organization: Detail;

beforeEach(() => {
  calls = [];
  organization = anOrganization();
  routes = {
    [`GET /api/orgs/${ORG}`]: () => ({ body: organization }),
    'POST /api/unregister-org': () => {
      organization = { ...organization, is_member: false, member_count: 2 };
      return { body: { success: true } };
    },
    'POST /api/register-org': () => {
      organization = { ...organization, is_member: true, member_count: 3 };
      return { body: { success: true } };
    },
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
  vi.restoreAllMocks();
});

const renderDetail = (id = ORG) => {
  renderWithProviders(<OrganizationDetail organizationId={id} />, {
    session: { status: 'signedIn', email: 'me@university.edu', userId: ME },
  });
  return userEvent.setup();
};

/** jsdom lays nothing out: make every paragraph taller than its box, as a long text would be. */
const textOverflows = (overflows: boolean) => {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(overflows ? 120 : 60);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(60);
};

describe('OrganizationDetail', () => {
  it('shows the name, type, stats with the rank within its type, and members by name', async () => {
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rowing Team' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sports Team', { selector: 'span' })).toBeInTheDocument();

    const stats = screen.getByRole('region', { name: 'Statistics' });
    const statOf = (label: string) =>
      within(stats).getByText(label).parentElement!.querySelector('dd')!;
    expect(within(statOf('Total Points')).getByText('1,240')).toBeInTheDocument();
    expect(within(statOf('Members')).getByText('3')).toBeInTheDocument();
    expect(within(statOf('Rank')).getByText('#2')).toBeInTheDocument();
    expect(within(statOf('Rank')).getByText('among Sports Team organizations')).toBeInTheDocument();

    const members = screen.getByRole('region', { name: 'Members (3)' });
    const links = within(members).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAccessibleName('amy Adams');
    expect(links[1]).toHaveAccessibleName('Bo Brown');
    expect(links[2]).toHaveAccessibleName('Zed Young');
    expect(links[0]).toHaveAttribute('href', '/profile/u-amy');
  });

  it('shows Unranked when the organization is not on its board', async () => {
    organization = anOrganization({ rank: 999 });
    renderDetail();
    expect(await screen.findByText('Unranked')).toBeInTheDocument();
    expect(screen.queryByText('#999')).not.toBeInTheDocument();
  });

  it('collapses a long About to 3 lines with See more / See less', async () => {
    textOverflows(true);
    const user = renderDetail();
    const about = await screen.findByRole('region', { name: 'About' });
    const text = within(about).getByText(/We row on the river/);
    expect(text).toHaveStyle({ overflow: 'hidden', WebkitLineClamp: '3' });

    const more = within(about).getByRole('button', { name: 'See more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(text).not.toHaveStyle({ overflow: 'hidden' });
    expect(text.style.webkitLineClamp).toBe('');
    const less = within(about).getByRole('button', { name: 'See less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(text).toHaveStyle({ overflow: 'hidden', WebkitLineClamp: '3' });
    expect(within(about).getByRole('button', { name: 'See more' })).toBeInTheDocument();
  });

  it('offers no See more when the About fits in 3 lines', async () => {
    textOverflows(false);
    organization = anOrganization({ description: 'We row.' });
    renderDetail();
    const about = await screen.findByRole('region', { name: 'About' });
    expect(within(about).getByText('We row.')).toBeInTheDocument();
    expect(within(about).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks before leaving, then shows Join and the new member count', async () => {
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Leave Rowing Team' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave organization?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === '/api/unregister-org')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Leave Rowing Team' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave organization?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Join Rowing Team' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/api/unregister-org')?.body).toEqual({
      user_id: ME,
      organization_id: ORG,
    });
  });

  it('says "Error joining organization" when joining fails', async () => {
    organization = anOrganization({ is_member: false });
    routes['POST /api/register-org'] = () => ({ status: 500, body: {} });
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Join Rowing Team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error joining organization');
  });

  it('says "Organization not found." for an unknown id', async () => {
    renderDetail('00000000-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('alert')).toHaveTextContent('Organization not found.');
    expect(screen.getByRole('link', { name: 'All organizations' })).toHaveAttribute(
      'href',
      '/groups',
    );
  });

  it('gives only admins Unapprove Organization, which asks first, sends approved false and says so', async () => {
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Rowing Team' });
    expect(
      screen.queryByRole('button', { name: texts.groups.detail.unapprove }),
    ).not.toBeInTheDocument();
    cleanupAndActAsAdmin();
    routes[`PUT /api/orgs/${ORG}`] = () => {
      organization = { ...organization, approved: false };
      return { body: { success: true, id: ORG } };
    };
    const admin = renderDetail();

    // Cancel: nothing is sent.
    await admin.click(await screen.findByRole('button', { name: texts.groups.detail.unapprove }));
    const dialog = await screen.findByRole('dialog', {
      name: texts.groups.detail.confirmUnapproveTitle('Rowing Team'),
    });
    expect(dialog).toHaveAccessibleDescription(texts.groups.detail.confirmUnapprove);
    expect(
      within(dialog).getByRole('button', { name: texts.groups.detail.confirmUnapproveAction }),
    ).toHaveAttribute('data-destructive', 'true');
    await admin.click(
      within(dialog).getByRole('button', { name: texts.groups.detail.cancelUnapprove }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Confirm: sent, then a success notice names the organization.
    await admin.click(screen.getByRole('button', { name: texts.groups.detail.unapprove }));
    await admin.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: texts.groups.detail.confirmUnapproveAction,
      }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ approved: false }),
    );
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(texts.groups.detail.unapproved('Rowing Team'));
    expect(done).toHaveAttribute('data-tone', 'success');
    expect(await screen.findByText(texts.groups.detail.awaitingApproval)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names a failed unapproval with the exact text, as a failure', async () => {
    cleanupAndActAsAdmin();
    routes[`PUT /api/orgs/${ORG}`] = () => ({ status: 500, body: { message: 'Database down' } });
    const admin = renderDetail();
    await admin.click(await screen.findByRole('button', { name: texts.groups.detail.unapprove }));
    await admin.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: texts.groups.detail.confirmUnapproveAction,
      }),
    );
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(texts.groups.detail.unapproveFailed('Database down'));
    expect(failure).toHaveAttribute('data-tone', 'error');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

/** Unmounts what is on screen and answers the signed-in user's profile as an admin's. */
const cleanupAndActAsAdmin = () => {
  cleanup();
  routes['GET /api/users/email/me%40university.edu'] = () => ({
    body: aUser({ id: ME, email: 'me@university.edu', admin: true }),
  });
};
