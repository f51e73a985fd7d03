import type { FriendshipStatus } from '@campus/contracts';
import type { Caller } from '@campus/infra';

export type FriendshipRow = {
  readonly requester_id: string;
  readonly recipient_id: string;
  readonly friendship_id: string;
  readonly friends: boolean;
};
/** Friendships by their unordered pair of people. */
export type FriendshipsOfTop = ReadonlyMap<string, FriendshipRow>;
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The caller's relation to a board's entries (a friendship, or `true` for a membership). */
export type Relations = ReadonlyMap<
  string,
  { friendship_id: string; status: FriendshipStatus } | true
>;

/** The caller's friendship with each of `ids`, as the caller sees it (sent, received or friends). */
export const relationsFromFriendships = (
  friendships: FriendshipsOfTop,
  caller: Caller,
  ids: readonly string[],
): Relations => {
  const out = new Map<string, { friendship_id: string; status: FriendshipStatus }>();
  for (const id of ids) {
    const f = friendships.get(pairKey(caller.userId, id));
    if (!f) continue;
    const status: FriendshipStatus = f.friends
      ? 'friends'
      : f.requester_id === caller.userId
        ? 'sent'
        : 'received';
    out.set(id, { friendship_id: f.friendship_id, status });
  }
  return out;
};
