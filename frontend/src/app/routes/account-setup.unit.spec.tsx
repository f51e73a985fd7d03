import type { OrganizationListItem } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userByEmailQueryOptions } from '@/lib/auth/api/get-user-by-email';
import { startOnboarding } from '@/lib/onboarding-flag';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { AccountSetupRoute } from './account-setup';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

const ME = '00000000-0000-4000-8000-000000000001';
const me = aUser({ id: ME, email: 'ada@university.edu', first_name: 'Ada', name: 'Ada Lovelace' });

const habitat: OrganizationListItem = {
  id: 'org-habitat',
  name: 'Habitat Club',
  type: 'Community Service',
  description: 'We build houses.',
  approved: true,
  host_user_id: '00000000-0000-4000-8000-0000000000ff',
  member_count: 4,
  date_created: '2025-09-20T12:00:00.000Z',
  host_user_name: 'Host Person',
  is_member: false,
};

let posted: { path: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  let joined = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://app.test');
      const json = (body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
        );
      if (init?.method === 'POST') {
        posted.push({ path: pathname, body: JSON.parse(init.body as string) as unknown });
        if (pathname === '/api/register-org') joined = true;
        return json({ success: true });
      }
      if (pathname === '/api/orgs/approved') return json([{ ...habitat, is_member: joined }]);
      if (pathname === '/api/users/email/ada@university.edu') return json(me);
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderSetup = (path = '/account-setup') => {
  const view = renderWithProviders(<AccountSetupRoute />, {
    session: { status: 'signedIn', email: 'ada@university.edu', userId: ME },
    path,
  });
  view.queryClient.setQueryData(userByEmailQueryOptions('ada@university.edu').queryKey, me);
  return { ...view, user: userEvent.setup() };
};

describe('/account-setup and /org-setup', () => {
  it.each(['/account-setup', '/org-setup'])(
    'greets the user by first name at %s and lists the organizations to join',
    async (path) => {
      renderSetup(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' }),
      ).toBeInTheDocument();
      const habitatCard = await screen.findByRole('article', { name: 'Habitat Club' });
      expect(within(habitatCard).getByRole('button', { name: 'Join Habitat Club' })).toBeEnabled();
    },
  );

  it('joins from the search, offers to create a name nobody has, and continues to Events', async () => {
    startOnboarding();
    const { user } = renderSetup();
    const search = await screen.findByRole('searchbox', { name: 'Search organizations' });
    await user.type(search, 'HABITAT CLUB');
    await user.click(await screen.findByRole('button', { name: 'Join Habitat Club' }));
    expect(await screen.findByRole('button', { name: 'Leave Habitat Club' })).toBeInTheDocument();
    expect(posted).toEqual([
      { path: '/api/register-org', body: { user_id: ME, organization_id: 'org-habitat' } },
    ]);
    expect(screen.queryByText(/^Can't find it\? Create/)).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'Habitat Builders');
    expect(screen.getByText('Can\'t find it? Create "Habitat Builders"')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    expect(localStorage.getItem('campus.onboarding')).toBeNull();
  });
});
