import {
  texts,
  type Badge,
  type FriendListEntry,
  type FriendshipEntry,
  type PointsHistory,
  type UserProfile,
  serviceHoursTexts,
  transcriptTexts,
} from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { Profile } from './profile';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

// The chart library draws nothing measurable in jsdom; the months it is given are what matters.
vi.mock('./points-chart', () => ({
  PointsChart: ({ months }: { months: { month: string; points: number }[] }) => (
    <ul aria-label="chart months">
      {months.map((m) => (
        <li key={m.month}>{`${m.month}: ${m.points}`}</li>
      ))}
    </ul>
  ),
}));

const ME = 'me-1';
const OTHER = 'other-2';

type Call = { method: string; path: string; body: unknown };
type Reply = { status: number; statusText?: string; body: unknown };
let calls: Call[];
let answers: Record<string, (call: Call) => Reply>;

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(input, 'http://app.test').pathname;
    const body = init?.body;
    const call: Call = {
      method,
      path,
      body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
    };
    calls.push(call);
    const answer = answers[`${method} ${path}`];
    const reply = answer ? answer(call) : { status: 404, body: { message: 'User not found' } };
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        ...(reply.statusText ? { statusText: reply.statusText } : {}),
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  // jsdom has no object URLs; the picked file's preview gets this one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = (body: unknown = { success: true }): Reply => ({ status: 200, body });

const aBadge: Badge = {
  id: 'first-step',
  name: 'First Step',
  description: 'Signed up for a first opportunity',
  icon: '👣',
};

/**
 * Serves a profile, its friends and (for the owner) its history and email settings; returns the
 * served profile.
 */
const serveProfile = (overrides: Partial<UserProfile> = {}) => {
  const profile: UserProfile = aUser({
    id: ME,
    name: 'Sam Student',
    email: 'sam@university.edu',
    points: 125,
    hours: 2.1,
    platform_hours: 2.1,
    logged_hours: 0,
    friend_count: 2,
    profile_image: '/files/old.png',
    ...overrides,
  });
  answers[`GET /api/users/${profile.id}`] = () => ok(profile);
  answers[`GET /api/users/${profile.id}/friends`] = () => ok([]);
  answers[`GET /api/users/${profile.id}/points-history`] = () =>
    ok({ user_id: profile.id, points: 0, entries: [] });
  answers[`GET /api/users/${profile.id}/mail-preferences`] = () =>
    ok({ reminders: true, waitlist: true, friend_requests: true, service_hours: true });
  return profile;
};

const renderProfile = ({
  userId = ME,
  viewerIsAdmin = false,
}: { userId?: string; viewerIsAdmin?: boolean } = {}) => {
  const onLogout = vi.fn();
  renderWithProviders(
    <Profile userId={userId} viewerId={ME} viewerIsAdmin={viewerIsAdmin} onLogout={onLogout} />,
    { path: `/profile/${userId}` },
  );
  return { onLogout, user: userEvent.setup() };
};

const statOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const sectionOf = (name: string) => screen.getByRole('region', { name });

describe('Profile header', () => {
  it('shows the owner photo, name, email, friends, points and hours with their own actions', async () => {
    serveProfile();
    const { onLogout, user } = renderProfile();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sam Student' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Sam Student' })).toHaveAttribute(
      'src',
      '/files/old.png',
    );
    expect(screen.getByRole('link', { name: 'sam@university.edu' })).toHaveAttribute(
      'href',
      'mailto:sam@university.edu',
    );
    expect(statOf('Friends')).toBe('2');
    expect(statOf('Points')).toBe('125');
    expect(statOf('Hours')).toBe('2.1');
    expect(screen.getByRole('link', { name: 'See my opportunities' })).toHaveAttribute(
      'href',
      '/my-opportunities',
    );
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it.each([
    // Logged hours earn no points while the admins' rule is off: the hours still count them.
    [{ points: 120, hours: 3.5, platform_hours: 2, logged_hours: 1.5 }, ['3.5', '2.0', '1.5']],
    [{ points: 0, hours: 0, platform_hours: 0, logged_hours: 0 }, ['0.0', '0.0', '0.0']],
    [{ points: 1000, hours: 16.7, platform_hours: 16.7, logged_hours: 0 }, ['16.7', '16.7', '0.0']],
  ])(
    "shows the server's hours %o with their split into platform and logged hours",
    async (served, [hours, platform, logged]) => {
      serveProfile(served);
      renderProfile();
      await screen.findByRole('heading', { level: 1, name: 'Sam Student' });
      expect(statOf('Hours')).toBe(hours);
      expect(statOf(serviceHoursTexts.ui.platformHours)).toBe(platform);
      expect(statOf(serviceHoursTexts.ui.loggedHours)).toBe(logged);
    },
  );

  it('leads its owner to their service hours', async () => {
    serveProfile();
    renderProfile();
    expect(await screen.findByRole('link', { name: texts.pages.serviceHours })).toHaveAttribute(
      'href',
      '/hours',
    );
  });

  it('hides the email when the answer leaves it out, and the owner actions from others', async () => {
    serveProfile({ id: OTHER, name: 'Ola Other', email: undefined });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    renderProfile({ userId: OTHER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ola Other' })).toBeInTheDocument();
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See my opportunities' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: texts.pages.serviceHours })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Change photo')).not.toBeInTheDocument();
  });

  it("says 'User not found' for an unknown id, and the owner can still log out", async () => {
    renderProfile();
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});

describe('Profile friend actions', () => {
  let relation: FriendshipEntry;

  const serveOther = () => {
    serveProfile({ id: OTHER, name: 'Ola Other', email: undefined });
    answers[`GET /api/users/${ME}/friendships/all`] = () =>
      ok([
        relation,
        {
          user_id: 'someone-else',
          name: 'Someone Else',
          profile_image: null,
          friendship_id: 'x',
          friendship_status: 'friends',
        },
      ]);
  };

  beforeEach(() => {
    relation = {
      user_id: OTHER,
      name: 'Ola Other',
      profile_image: null,
      friendship_id: null,
      friendship_status: 'add',
    };
  });

  const actionsText = () =>
    screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => text && text !== 'Add' && text !== 'Edit');

  it('sends a friend request, then shows Request Sent', async () => {
    serveOther();
    answers[`POST /api/users/${ME}/friends`] = () => {
      relation = { ...relation, friendship_id: 'f-1', friendship_status: 'sent' };
      return ok({ success: true, id: 'f-1' });
    };
    const { user } = renderProfile({ userId: OTHER });
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ receiver_id: OTHER });
  });

  it('treats someone missing from the list as Add Friend', async () => {
    serveProfile({ id: OTHER, name: 'Ola Other' });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    renderProfile({ userId: OTHER });
    expect(await screen.findByRole('button', { name: 'Add Friend' })).toBeEnabled();
  });

  it('accepts a received request', async () => {
    relation = { ...relation, friendship_id: 'f-9', friendship_status: 'received' };
    serveOther();
    answers['PUT /api/friendships/f-9/accept'] = () => {
      relation = { ...relation, friendship_status: 'friends' };
      return ok();
    };
    const { user } = renderProfile({ userId: OTHER });
    await screen.findByRole('button', { name: 'Accept' });
    expect(actionsText()).toEqual(['Accept', 'Decline']);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Remove Friend' })).toBeInTheDocument();
    expect(screen.getByText('Friends', { selector: 'span' })).toBeInTheDocument();
  });

  it('declines a received request', async () => {
    relation = { ...relation, friendship_id: 'f-9', friendship_status: 'received' };
    serveOther();
    answers['PUT /api/friendships/f-9/reject'] = () => {
      relation = { ...relation, friendship_id: null, friendship_status: 'add' };
      return ok();
    };
    const { user } = renderProfile({ userId: OTHER });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
  });

  it('removes a friend after confirming', async () => {
    relation = { ...relation, friendship_id: 'f-9', friendship_status: 'friends' };
    serveOther();
    answers[`DELETE /api/users/${ME}/friends/${OTHER}`] = () => {
      relation = { ...relation, friendship_id: null, friendship_status: 'add' };
      return ok();
    };
    const { user } = renderProfile({ userId: OTHER });
    await user.click(await screen.findByRole('button', { name: 'Remove Friend' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ola Other from your friends?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Friend' }));
    expect(await screen.findByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it.each([
    ['add', 'Add Friend', 'POST', `/api/users/${ME}/friends`, 'Error sending friend request'],
    ['received', 'Accept', 'PUT', '/api/friendships/f-9/accept', 'Error accepting friend request'],
    ['received', 'Decline', 'PUT', '/api/friendships/f-9/reject', 'Error rejecting friend request'],
  ] as const)(
    'shows the exact text when %s / %s fails',
    async (status, button, method, path, message) => {
      relation = {
        ...relation,
        friendship_id: status === 'add' ? null : 'f-9',
        friendship_status: status,
      };
      serveOther();
      answers[`${method} ${path}`] = () => ({ status: 500, body: { message: 'Server fell over' } });
      const { user } = renderProfile({ userId: OTHER });
      await user.click(await screen.findByRole('button', { name: button }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(alert).toHaveTextContent('Server fell over');
      expect(screen.getByRole('button', { name: button })).toBeEnabled();
    },
  );

  it("shows 'Error removing friend' when removing fails", async () => {
    relation = { ...relation, friendship_id: 'f-9', friendship_status: 'friends' };
    serveOther();
    answers[`DELETE /api/users/${ME}/friends/${OTHER}`] = () => ({ status: 500, body: {} });
    const { user } = renderProfile({ userId: OTHER });
    await user.click(await screen.findByRole('button', { name: 'Remove Friend' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Friend' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error removing friend');
    expect(screen.getByRole('button', { name: 'Remove Friend' })).toBeInTheDocument();
  });

  it('cannot accept a request without its friendship id', async () => {
    relation = { ...relation, friendship_id: null, friendship_status: 'received' };
    serveOther();
    const { user } = renderProfile({ userId: OTHER });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error accepting friend request');
    expect(alert).toHaveTextContent('Could not find friendship to accept/reject');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('Profile bio', () => {
  it('adds a bio with Add and Save', async () => {
    const profile = serveProfile({ bio: null });
    answers[`PUT /api/users/${ME}`] = (call) => {
      profile.bio = (call.body as { bio: string }).bio;
      return ok();
    };
    const { user } = renderProfile();
    const bio = await screen.findByRole('region', { name: 'Bio' });
    expect(within(bio).getByText('No bio yet.')).toBeInTheDocument();
    await user.click(within(bio).getByRole('button', { name: 'Add' }));
    await user.type(within(bio).getByLabelText('Bio'), '  I tutor kids on weekends. ');
    await user.click(within(bio).getByRole('button', { name: 'Save' }));

    expect(await within(bio).findByText('I tutor kids on weekends.')).toBeInTheDocument();
    expect(within(bio).queryByLabelText('Bio')).not.toBeInTheDocument();
    expect(within(bio).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      bio: 'I tutor kids on weekends.',
    });
  });

  it('edits a bio and cancels without saving', async () => {
    serveProfile({ bio: 'Old bio' });
    const { user } = renderProfile();
    const bio = await screen.findByRole('region', { name: 'Bio' });
    await user.click(within(bio).getByRole('button', { name: 'Edit' }));
    const field = within(bio).getByLabelText('Bio');
    expect(field).toHaveValue('Old bio');
    await user.clear(field);
    await user.type(field, 'Something else');
    await user.click(within(bio).getByRole('button', { name: 'Cancel' }));

    expect(within(bio).getByText('Old bio')).toBeInTheDocument();
    expect(within(bio).queryByText('Something else')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps the draft and says so when saving fails', async () => {
    serveProfile({ bio: 'Old bio' });
    answers[`PUT /api/users/${ME}`] = () => ({ status: 500, body: {} });
    const { user } = renderProfile();
    const bio = await screen.findByRole('region', { name: 'Bio' });
    await user.click(within(bio).getByRole('button', { name: 'Edit' }));
    await user.clear(within(bio).getByLabelText('Bio'));
    await user.type(within(bio).getByLabelText('Bio'), 'New words');
    await user.click(within(bio).getByRole('button', { name: 'Save' }));

    expect(await within(bio).findByRole('alert')).toHaveTextContent(
      'Failed to save bio. Please try again.',
    );
    expect(within(bio).getByLabelText('Bio')).toHaveValue('New words');
    await user.click(within(bio).getByRole('button', { name: 'Cancel' }));
    expect(within(bio).getByText('Old bio')).toBeInTheDocument();
    expect(within(bio).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no bio editing on someone else’s profile', async () => {
    serveProfile({ id: OTHER, name: 'Ola Other', bio: 'Their bio' });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    renderProfile({ userId: OTHER });
    const bio = await screen.findByRole('region', { name: 'Bio' });
    expect(within(bio).getByText('Their bio')).toBeInTheDocument();
    expect(within(bio).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Profile passions', () => {
  it('lets the owner toggle every cause and saves the chosen list', async () => {
    const profile = serveProfile({ interests: ['Education'] });
    answers[`PUT /api/users/${ME}`] = (call) => {
      profile.interests = (call.body as { interests: string[] }).interests;
      return ok();
    };
    const { user } = renderProfile();
    const passions = await screen.findByRole('region', { name: 'Passions' });
    const toggles = within(passions).getAllByRole('button');
    expect(toggles.map((b) => b.textContent)).toEqual([
      'Environment & Sustainability',
      'Homelessness Relief',
      'Food Security and Hunger Relief',
      'Health and Wellness',
      'Education',
      'Religious',
      'Other',
    ]);
    expect(within(passions).getByRole('button', { name: 'Education' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(passions).getByRole('button', { name: 'Homelessness Relief' }));
    expect(within(passions).getByRole('button', { name: 'Homelessness Relief' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { interests: ['Homelessness Relief', 'Education'] },
      ]),
    );

    await user.click(within(passions).getByRole('button', { name: 'Education' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
        interests: ['Homelessness Relief'],
      }),
    );
    expect(within(passions).getByRole('button', { name: 'Education' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('takes a toggle back and shows the error when saving fails', async () => {
    serveProfile({ interests: [] });
    answers[`PUT /api/users/${ME}`] = () => {
      // Reads fail too from now on: only the screen's own undo can take the toggle back.
      answers[`GET /api/users/${ME}`] = () => ({ status: 503, body: {} });
      return { status: 400, body: { message: 'Unknown passion' } };
    };
    const { user } = renderProfile();
    const passions = await screen.findByRole('region', { name: 'Passions' });
    await user.click(within(passions).getByRole('button', { name: 'Education' }));
    expect(await within(passions).findByRole('alert')).toHaveTextContent(
      'Error updating profile: Unknown passion',
    );
    expect(within(passions).getByRole('button', { name: 'Education' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows others only the chosen passions, without toggles', async () => {
    serveProfile({ id: OTHER, name: 'Ola Other', interests: ['Religious', 'Education'] });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    renderProfile({ userId: OTHER });
    const passions = await screen.findByRole('region', { name: 'Passions' });
    expect(within(passions).queryByRole('button')).not.toBeInTheDocument();
    expect(within(passions).getByText('Religious')).toBeInTheDocument();
    expect(within(passions).getByText('Education')).toBeInTheDocument();
    expect(within(passions).queryByText('Other')).not.toBeInTheDocument();
  });
});

describe('Profile picture', () => {
  const aPicture = () => new File(['png'], 'me.png', { type: 'image/png' });
  const picture = () => screen.getByRole('img', { name: 'Profile picture of Sam Student' });

  it('uploads the file, then saves its URL as the profile picture', async () => {
    const profile = serveProfile();
    answers['POST /upload'] = () => ({ status: 201, body: { url: '/files/new.png' } });
    answers[`PUT /api/users/${ME}`] = (call) => {
      profile.profile_image = (call.body as { profile_image: string }).profile_image;
      return ok();
    };
    const { user } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Sam Student' });
    await user.upload(screen.getByLabelText('Change photo'), aPicture());

    await waitFor(() => expect(picture()).toHaveAttribute('src', '/files/new.png'));
    const upload = calls.find((c) => c.path === '/upload');
    expect(upload?.method).toBe('POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      profile_image: '/files/new.png',
    });
  });

  it('shows the picture at once and puts the old one back when the upload fails', async () => {
    serveProfile();
    answers['POST /upload'] = () => ({
      status: 415,
      statusText: 'Unsupported Media Type',
      body: { message: 'Only images can be uploaded' },
    });
    const { user } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Sam Student' });
    await user.upload(screen.getByLabelText('Change photo'), aPicture());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to upload profile picture: 415 Unsupported Media Type',
    );
    expect(picture()).toHaveAttribute('src', '/files/old.png');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts the old picture back when saving the uploaded URL fails', async () => {
    serveProfile();
    answers['POST /upload'] = () => ({ status: 201, body: { url: '/files/new.png' } });
    answers[`PUT /api/users/${ME}`] = () => ({
      status: 500,
      body: { message: 'Store unavailable' },
    });
    const { user } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Sam Student' });
    await user.upload(screen.getByLabelText('Change photo'), aPicture());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error updating profile picture: Store unavailable',
    );
    expect(picture()).toHaveAttribute('src', '/files/old.png');
  });
});

describe('Profile lists', () => {
  it('lists organizations with Manage Orgs, the friends grid and the badges', async () => {
    serveProfile({
      organizations: [{ id: 'org-1', name: 'Chess Club' }],
      badges: [aBadge],
    });
    const friends: FriendListEntry[] = [
      {
        other_user_id: 'f-1',
        other_user_name: 'Fay Friend',
        other_user_profile_image: null,
        friendship_id: 'x',
      },
    ];
    answers[`GET /api/users/${ME}/friends`] = () => ok(friends);
    renderProfile();

    const organizations = await screen.findByRole('region', { name: 'Organizations' });
    expect(within(organizations).getByRole('link', { name: 'Chess Club' })).toHaveAttribute(
      'href',
      '/group-detail/org-1',
    );
    expect(within(organizations).getByRole('link', { name: 'Manage Orgs' })).toHaveAttribute(
      'href',
      '/groups',
    );
    const friendGrid = sectionOf('Friends');
    expect(await within(friendGrid).findByRole('link', { name: 'Fay Friend' })).toHaveAttribute(
      'href',
      '/profile/f-1',
    );
    const badges = sectionOf('Badges');
    expect(within(badges).queryByText('👣')).not.toBeInTheDocument();
    expect(within(badges).getByText('First Step')).toBeInTheDocument();
    expect(within(badges).getByText('Signed up for a first opportunity')).toBeInTheDocument();
  });

  it('shows an empty friends grid when the friends call fails', async () => {
    serveProfile();
    answers[`GET /api/users/${ME}/friends`] = () => ({ status: 500, body: {} });
    renderProfile();
    const friendGrid = await screen.findByRole('region', { name: 'Friends' });
    expect(await within(friendGrid).findByText('No friends yet.')).toBeInTheDocument();
  });
});

describe('Profile point history', () => {
  // As the server answers it: newest first by the opportunity's date.
  const history: PointsHistory = {
    user_id: ME,
    points: 95,
    entries: [
      {
        id: 'l-3',
        at: '2025-11-02T18:00:00.000Z',
        reason: 'attendance',
        opportunity_id: 'opp-2',
        opportunity_name: null,
        opportunity_date: '2025-11-02',
        logged: null,
        actor_id: null,
        actor_name: null,
        change: 30,
        running_total: 95,
      },
      {
        id: 'l-2',
        at: '2025-09-20T22:00:01.000Z',
        reason: 'first_signup_bonus',
        opportunity_id: 'opp-1',
        opportunity_name: 'Food drive',
        opportunity_date: '2025-09-20',
        logged: null,
        actor_id: null,
        actor_name: null,
        change: 5,
        running_total: 65,
      },
      {
        id: 'l-1',
        at: '2025-09-20T22:00:00.000Z',
        reason: 'attendance',
        opportunity_id: 'opp-1',
        opportunity_name: 'Food drive',
        opportunity_date: '2025-09-20',
        logged: null,
        actor_id: null,
        actor_name: null,
        change: 60,
        running_total: 60,
      },
    ],
  };

  it('shows the owner every line newest first with its running total, and points per month', async () => {
    serveProfile({ points: 95 });
    answers[`GET /api/users/${ME}/points-history`] = () => ok(history);
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Point History' });
    const table = await within(section).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Nov 2, 2025', 'Attended Unknown opportunity', '+30', '95'],
      ['Sep 20, 2025', 'First sign-up bonus Food drive', '+5', '65'],
      ['Sep 20, 2025', 'Attended Food drive', '+60', '60'],
    ]);
    expect(within(table).getAllByRole('link', { name: 'Food drive' })[0]).toHaveAttribute(
      'href',
      '/opportunity/opp-1',
    );
    const chart = await within(section).findByRole('list', { name: 'chart months' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2025-09: 65', '2025-10: 0', '2025-11: 30']);
  });

  it('shows an admin the history of someone else', async () => {
    serveProfile({ id: OTHER, name: 'Ola Other' });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    answers[`GET /api/users/${OTHER}/points-history`] = () => ok({ ...history, user_id: OTHER });
    renderProfile({ userId: OTHER, viewerIsAdmin: true });
    const section = await screen.findByRole('region', { name: 'Point History' });
    expect(await within(section).findByRole('table')).toBeInTheDocument();
  });

  it('neither shows nor asks for the history of someone else to a student', async () => {
    serveProfile({ id: OTHER, name: 'Ola Other' });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    renderProfile({ userId: OTHER });
    await screen.findByRole('heading', { level: 1, name: 'Ola Other' });
    await screen.findByRole('button', { name: 'Add Friend' });
    expect(screen.queryByRole('region', { name: 'Point History' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/points-history'))).toBe(false);
  });

  it('says when there are no points yet', async () => {
    serveProfile({ points: 0 });
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Point History' });
    expect(await within(section).findByText('No points earned yet.')).toBeInTheDocument();
  });
});

describe('Profile erase personal data (admins)', () => {
  const t = texts.profile.erase;

  it('is offered to admins on others profiles only, and erases after confirming', async () => {
    serveProfile({ id: OTHER, name: 'Olga Other' });
    answers[`POST /api/admin/users/${OTHER}/erase`] = () => ok({ success: true, id: OTHER });
    const { user } = renderProfile({ userId: OTHER, viewerIsAdmin: true });

    await user.click(await screen.findByRole('button', { name: t.button }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    // Nothing is sent before the admin confirms.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));

    expect(await screen.findByText(t.done)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/admin/users/${OTHER}/erase`,
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows why an erasure failed', async () => {
    serveProfile({ id: OTHER, name: 'Olga Other' });
    answers[`POST /api/admin/users/${OTHER}/erase`] = () => ({
      status: 403,
      body: { message: 'Admins only' },
    });
    const { user } = renderProfile({ userId: OTHER, viewerIsAdmin: true });
    await user.click(await screen.findByRole('button', { name: t.button }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t.confirm }),
    );
    expect(await screen.findByText(t.failed('Admins only'))).toBeInTheDocument();
  });

  it('is not offered to a student', async () => {
    serveProfile({ id: OTHER, name: 'Olga Other' });
    renderProfile({ userId: OTHER, viewerIsAdmin: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Olga Other' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.button })).not.toBeInTheDocument();
  });
});

describe('Profile: service transcript', () => {
  const createUrl = vi.fn((blob: Blob) => (blob.size ? 'blob:transcript' : 'blob:empty'));
  beforeEach(() => {
    createUrl.mockClear();
    URL.createObjectURL = createUrl;
  });
  const button = () => screen.queryByRole('button', { name: transcriptTexts.download });

  it('lets the owner download their transcript PDF', async () => {
    serveProfile();
    answers[`GET /api/users/${ME}/transcript.pdf`] = () => ok('%PDF-1.3 transcript');
    const { user } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Sam Student' });
    await user.click(await screen.findByRole('button', { name: transcriptTexts.download }));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const saved = createUrl.mock.calls.at(-1)?.[0] as Blob;
    expect(await saved.text()).toContain('%PDF-1.3 transcript');
    expect(calls.filter((c) => c.path === `/api/users/${ME}/transcript.pdf`)).toHaveLength(1);
    expect(screen.queryByText(transcriptTexts.downloadFailed)).not.toBeInTheDocument();
  });

  it("shows admins the button on anyone's profile, and says when the download fails", async () => {
    serveProfile({ id: OTHER, name: 'Ola Other' });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    answers[`GET /api/users/${OTHER}/transcript.pdf`] = () => ({
      status: 503,
      body: { message: 'Service unavailable' },
    });
    const { user } = renderProfile({ userId: OTHER, viewerIsAdmin: true });
    await screen.findByRole('heading', { level: 1, name: 'Ola Other' });
    await user.click(await screen.findByRole('button', { name: transcriptTexts.download }));
    expect(await screen.findByText(transcriptTexts.downloadFailed)).toBeInTheDocument();
    expect(createUrl).not.toHaveBeenCalled();
  });

  it('hides the button from other students', async () => {
    serveProfile({ id: OTHER, name: 'Ola Other' });
    answers[`GET /api/users/${ME}/friendships/all`] = () => ok([]);
    renderProfile({ userId: OTHER });
    await screen.findByRole('heading', { level: 1, name: 'Ola Other' });
    expect(button()).not.toBeInTheDocument();
  });
});
