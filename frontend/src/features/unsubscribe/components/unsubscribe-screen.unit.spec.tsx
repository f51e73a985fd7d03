import { texts } from '@campus/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { UnsubscribeScreen } from './unsubscribe-screen';

const idToken = vi.fn(() => Promise.resolve<string | null>('id-token'));
vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => idToken(),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  idToken.mockClear();
});

const t = texts.mailPreferences.unsubscribe;
const USER = '0b7c1a52-9d3e-4f60-8a1b-2c3d4e5f6a7b';
const SIGNATURE = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const tokenFor = (topic: string) => `${USER}.${topic}.${SIGNATURE}`;
const postPath = (token: string) => `/api/mail/unsubscribe/${token}`;

const renderAt = (token: string) => {
  renderWithProviders(<UnsubscribeScreen />, {
    path: `/unsubscribe/${encodeURIComponent(token)}`,
    routePath: '/unsubscribe/:token',
  });
  return userEvent.setup();
};

describe('the unsubscribe page', () => {
  it('asks about the kind of mail its link names, and sends nothing on opening', async () => {
    const api = fakeApi();
    renderAt(tokenFor('friend_requests'));
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.question('friend_requests'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.confirm })).toBeEnabled();
    // Mail scanners open links: opening one changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent).toEqual([]);
  });

  it('unsubscribes on the click, without a sign-in token, and says what was turned off', async () => {
    const api = fakeApi();
    const token = tokenFor('reminders');
    const answer = deferred<{ body: unknown }>();
    api.on(`POST ${postPath(token)}`, () => answer.promise);
    const user = renderAt(token);

    await user.click(await screen.findByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('button', { name: t.working })).toBeDisabled();
    answer.resolve({ body: { topic: 'reminders', off: true } });

    expect(await screen.findByRole('status')).toHaveTextContent(t.done('reminders'));
    expect(api.calls('POST', postPath(token))).toHaveLength(1);
    expect(api.sent).toHaveLength(1);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
    expect(idToken).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['a token of no known kind of mail', tokenFor('newsletters')],
    ['a token that is not one at all', 'not-a-token'],
  ])('says the link is not valid for %s, with nothing to click', async (_case, token) => {
    const api = fakeApi();
    renderAt(token);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.invalidLink);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('says the link is not valid when the server does not know it (404)', async () => {
    const api = fakeApi();
    const token = tokenFor('waitlist');
    api.on(`POST ${postPath(token)}`, () => ({ status: 404, body: { message: 'Not Found' } }));
    const user = renderAt(token);
    await user.click(await screen.findByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.invalidLink);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(t.question('waitlist'))).not.toBeInTheDocument();
  });

  it('says when unsubscribing failed otherwise, and lets the person try again', async () => {
    const api = fakeApi();
    const token = tokenFor('service_hours');
    api.on(`POST ${postPath(token)}`, () => ({ status: 503, body: { message: 'Busy' } }));
    const user = renderAt(token);
    await user.click(await screen.findByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.failed);
    expect(screen.queryByText(t.invalidLink)).not.toBeInTheDocument();

    api.on(`POST ${postPath(token)}`, () => ({ body: { topic: 'service_hours', off: true } }));
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(t.done('service_hours'))).toBeInTheDocument();
    expect(api.calls('POST', postPath(token))).toHaveLength(2);
  });
});
