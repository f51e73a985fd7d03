import { texts } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { FriendRequestList, type FriendRequest } from './friend-request-list';

const aRequest = (overrides: Partial<FriendRequest> = {}): FriendRequest => ({
  friendship_id: 'fs-1',
  user_id: 'u-1',
  name: 'Fay Friend',
  profile_image: null,
  requested_at: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

describe('FriendRequestList', () => {
  it('names each request by the sender, with Accept and Decline', () => {
    renderWithProviders(<FriendRequestList requests={[aRequest()]} />);
    const row = screen.getByRole('article', { name: 'Fay Friend' });
    expect(within(row).getByRole('link', { name: /Fay Friend/ })).toHaveAttribute(
      'href',
      '/profile/u-1',
    );
    expect(within(row).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: texts.leaderboard.rowAction.accept('Fay Friend') }),
    ).toBeEnabled();
  });

  it('names Accept and Decline after the sender, keeping the visible words first', () => {
    renderWithProviders(
      <FriendRequestList
        requests={[
          aRequest(),
          aRequest({ friendship_id: 'fs-2', user_id: 'u-2', name: 'Gus Guest' }),
        ]}
      />,
    );
    const accept = screen.getByRole('button', {
      name: texts.leaderboard.rowAction.accept('Fay Friend'),
    });
    expect(accept).toHaveAccessibleName('Accept friend request from Fay Friend');
    expect(accept).toHaveTextContent(texts.groups.friends.accept);
    const decline = screen.getByRole('button', {
      name: texts.leaderboard.rowAction.decline('Gus Guest'),
    });
    expect(decline).toHaveAccessibleName('Decline friend request from Gus Guest');
    expect(decline).toHaveTextContent(texts.groups.friends.decline);
    expect(
      within(screen.getByRole('article', { name: 'Gus Guest' })).getByRole('button', {
        name: texts.leaderboard.rowAction.accept('Gus Guest'),
      }),
    ).toBeEnabled();
  });

  it("calls a sender without a name 'Unknown User'", () => {
    renderWithProviders(
      <FriendRequestList
        requests={[
          aRequest({ name: '' }),
          aRequest({ friendship_id: 'fs-2', user_id: 'u-2', name: '  ' }),
        ]}
      />,
    );
    const rows = screen.getAllByRole('article', { name: 'Unknown User' });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(within(row).getByText(texts.profile.friends.unknownUser)).toBeInTheDocument();
      expect(row).toHaveTextContent('UU');
    }
  });
});
