import { MAIL_TOPICS, texts, type MailPreferences } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { MailPreferencesSection } from './mail-preferences-section';
import { Profile } from './profile';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const t = texts.mailPreferences;
const ME = 'me-1';
const OTHER = 'other-2';
const PREFERENCES_PATH = `/api/users/${ME}/mail-preferences`;

/** A server holding the owner's preferences: PUT changes what the next GET answers. */
const serveMailPreferences = (initial: Partial<MailPreferences> = {}) => {
  const api = fakeApi();
  const held: MailPreferences = {
    reminders: true,
    waitlist: true,
    friend_requests: true,
    service_hours: true,
    ...initial,
  };
  api.on(`GET ${PREFERENCES_PATH}`, () => ({ body: { ...held } }));
  api.on(`PUT ${PREFERENCES_PATH}`, ({ body }) => {
    Object.assign(held, body);
    return { body: { success: true } };
  });
  return { api, held };
};

const renderSection = () => {
  renderWithProviders(<MailPreferencesSection userId={ME} />, { path: `/profile/${ME}` });
  return userEvent.setup();
};

const section = () => screen.findByRole('region', { name: t.title });
const box = (topic: (typeof MAIL_TOPICS)[number]) =>
  screen.getByRole('checkbox', { name: t.topics[topic].label });
const saveButton = () => screen.getByRole('button', { name: t.save });

describe('the email notifications section', () => {
  it('shows one labelled, described checkbox per kind of mail, in order, ticked as held', async () => {
    serveMailPreferences({ waitlist: false, service_hours: false });
    renderSection();
    const region = await section();
    expect(within(region).getByText(t.intro)).toBeInTheDocument();
    const boxes = await within(region).findAllByRole('checkbox');
    expect(boxes.map((checkbox) => checkbox.getAttribute('aria-describedby') !== null)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      MAIL_TOPICS.map((topic) => [
        topic,
        boxes.indexOf(box(topic)),
        (box(topic) as HTMLInputElement).checked,
      ]),
    ).toEqual([
      ['reminders', 0, true],
      ['waitlist', 1, false],
      ['friend_requests', 2, true],
      ['service_hours', 3, false],
    ]);
    for (const topic of MAIL_TOPICS) {
      expect(box(topic)).toHaveAccessibleDescription(t.topics[topic].description);
    }
    // Nothing changed yet: nothing to save.
    expect(saveButton()).toBeDisabled();
  });

  it('sends only the kinds of mail whose box changed, then says they were saved', async () => {
    const { api } = serveMailPreferences({ service_hours: false });
    const user = renderSection();
    await section();
    await screen.findAllByRole('checkbox');

    await user.click(box('reminders'));
    await user.click(box('service_hours'));
    // Cleared and ticked again: back as held, so not sent.
    await user.click(box('waitlist'));
    await user.click(box('waitlist'));
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent(t.saved);
    expect(api.calls('PUT', PREFERENCES_PATH).map((call) => call.body)).toEqual([
      { reminders: false, service_hours: true },
    ]);
    expect(box('reminders')).not.toBeChecked();
    expect(box('waitlist')).toBeChecked();
    expect(box('service_hours')).toBeChecked();
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A new change takes the message away.
    await user.click(box('friend_requests'));
    expect(screen.queryByText(t.saved)).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it('shows Saving... while the server answers, with the boxes locked', async () => {
    const { api } = serveMailPreferences();
    const answer = deferred<{ body: unknown }>();
    api.on(`PUT ${PREFERENCES_PATH}`, () => answer.promise);
    const user = renderSection();
    await section();
    await screen.findAllByRole('checkbox');

    await user.click(box('friend_requests'));
    await user.click(saveButton());

    expect(await screen.findByRole('button', { name: t.saving })).toBeDisabled();
    expect(box('reminders')).toBeDisabled();
    answer.resolve({ body: { success: true } });
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
    expect(box('reminders')).toBeEnabled();
    expect(api.calls('PUT', PREFERENCES_PATH).map((call) => call.body)).toEqual([
      { friend_requests: false },
    ]);
  });

  it('says when saving failed and keeps the boxes as they were ticked', async () => {
    const { api } = serveMailPreferences();
    api.on(`PUT ${PREFERENCES_PATH}`, () => ({ status: 500, body: { message: 'Store down' } }));
    const user = renderSection();
    await section();
    await screen.findAllByRole('checkbox');

    await user.click(box('waitlist'));
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(t.saveFailed);
    expect(screen.queryByText(t.saved)).not.toBeInTheDocument();
    expect(box('waitlist')).not.toBeChecked();
    expect(saveButton()).toBeEnabled();
  });

  it('says when the settings could not be loaded', async () => {
    const api = fakeApi();
    api.on(`GET ${PREFERENCES_PATH}`, () => ({ status: 503, body: {} }));
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.save })).not.toBeInTheDocument();
  });
});

describe('the email notifications section on the profile', () => {
  const serveProfile = (api: ReturnType<typeof fakeApi>, id: string) => {
    api.on(`GET /api/users/${id}`, () => ({ body: aUser({ id, name: 'Sam Student' }) }));
    api.on(`GET /api/users/${id}/friends`, () => ({ body: [] }));
    api.on(`GET /api/users/${id}/points-history`, () => ({
      body: { user_id: id, points: 0, entries: [] },
    }));
    api.on(`GET /api/users/${ME}/friendships/all`, () => ({ body: [] }));
  };

  it('is on the owner’s own profile', async () => {
    const { api } = serveMailPreferences({ reminders: false });
    serveProfile(api, ME);
    renderWithProviders(
      <Profile userId={ME} viewerId={ME} viewerIsAdmin={false} onLogout={vi.fn()} />,
      { path: `/profile/${ME}` },
    );
    const region = await section();
    expect(await within(region).findAllByRole('checkbox')).toHaveLength(MAIL_TOPICS.length);
    expect(box('reminders')).not.toBeChecked();
    expect(box('waitlist')).toBeChecked();
  });

  it.each([false, true])(
    'is not on someone else’s profile, nor asked for (viewer is admin: %s)',
    async (viewerIsAdmin) => {
      const api = fakeApi();
      serveProfile(api, OTHER);
      renderWithProviders(
        <Profile userId={OTHER} viewerId={ME} viewerIsAdmin={viewerIsAdmin} onLogout={vi.fn()} />,
        { path: `/profile/${OTHER}` },
      );
      await screen.findByRole('heading', { level: 1, name: 'Sam Student' });
      await screen.findByRole('region', { name: texts.profile.bio.title });
      await waitFor(() =>
        expect(api.sent.some((r) => r.path === `/api/users/${OTHER}/friends`)).toBe(true),
      );
      expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      expect(api.sent.some((r) => r.path.endsWith('/mail-preferences'))).toBe(false);
    },
  );
});
