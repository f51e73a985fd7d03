import { describe, expect, it } from 'vitest';
import { pairKey, relationsFromFriendships, type FriendshipRow } from './friendships-of-top';

const TOP = ['top-1', 'top-2', 'top-3'];

describe("a caller's friendships with a board's top, from the top's friendships", () => {
  const rows: FriendshipRow[] = [
    { requester_id: 'me', recipient_id: 'top-1', friendship_id: 'f1', friends: true },
    { requester_id: 'me', recipient_id: 'top-2', friendship_id: 'f2', friends: false },
    { requester_id: 'top-3', recipient_id: 'someone', friendship_id: 'f3', friends: false },
  ];
  const friendships = new Map(rows.map((r) => [pairKey(r.requester_id, r.recipient_id), r]));

  it('answers the caller’s own statuses: friends, sent, received', () => {
    expect([...relationsFromFriendships(friendships, { userId: 'me', admin: false }, TOP)]).toEqual(
      [
        ['top-1', { friendship_id: 'f1', status: 'friends' }],
        ['top-2', { friendship_id: 'f2', status: 'sent' }],
      ],
    );
    expect([
      ...relationsFromFriendships(friendships, { userId: 'someone', admin: false }, TOP),
    ]).toEqual([['top-3', { friendship_id: 'f3', status: 'received' }]]);
  });

  it("never shows a caller another person's friendships", () => {
    expect(
      relationsFromFriendships(friendships, { userId: 'stranger', admin: false }, TOP).size,
    ).toBe(0);
  });
});
