import { texts } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { FriendsSection } from './friends-section';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const t = texts.profile.friends;

const serveFriends = (friends: unknown[]) => {
  const api = fakeApi();
  api.on('GET /api/users/me/friends', () => ({ body: friends }));
  renderWithProviders(<FriendsSection userId="me" />);
  return api;
};

describe('FriendsSection', () => {
  it('reads each friend from whichever fields the answer names them by', async () => {
    serveFriends([
      {
        other_user_id: 'f-1',
        other_user_name: 'Fay Friend',
        other_user_profile_image: '/files/fay.jpg',
        friendship_id: 'fs-1',
      },
      { id: 'f-2', name: 'Gus Good', profile_image: '/files/gus.jpg', friendship_id: 'fs-2' },
      { user_id: 'f-3', name: 'Hal Host', profile_image: null, friendship_id: 'fs-3' },
    ]);
    const fay = await screen.findByRole('link', { name: 'Fay Friend' });
    expect(fay).toHaveAttribute('href', '/profile/f-1');
    expect(fay.querySelector('img')).toHaveAttribute('src', '/files/fay.jpg');
    const gus = screen.getByRole('link', { name: 'Gus Good' });
    expect(gus).toHaveAttribute('href', '/profile/f-2');
    expect(gus.querySelector('img')).toHaveAttribute('src', '/files/gus.jpg');
    const hal = screen.getByRole('link', { name: /Hal Host/ });
    expect(hal).toHaveAttribute('href', '/profile/f-3');
    expect(hal).toHaveTextContent('HH');
  });

  it("calls a friend without a name 'Unknown User'", async () => {
    serveFriends([
      {
        other_user_id: 'f-1',
        other_user_name: '',
        other_user_profile_image: null,
        friendship_id: 'a',
      },
      {
        other_user_id: 'f-2',
        other_user_name: '   ',
        other_user_profile_image: null,
        friendship_id: 'b',
      },
      { user_id: 'f-3', profile_image: null, friendship_id: 'c' },
    ]);
    const grid = await screen.findByRole('list');
    const links = within(grid).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/profile/f-1',
      '/profile/f-2',
      '/profile/f-3',
    ]);
    for (const link of links) expect(link).toHaveTextContent(t.unknownUser);
    expect(t.unknownUser).toBe('Unknown User');
  });

  it('says so when there are no friends', async () => {
    serveFriends([]);
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
});
