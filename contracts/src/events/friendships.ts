import { z } from 'zod';

/** One stream per pair of users, named by both ids in order: the pair's uniqueness for free. */
export const friendshipIdOf = (a: string, b: string) => (a < b ? `${a}_${b}` : `${b}_${a}`);
export const toFriendshipStreamId = (friendshipId: string) => `friendship-${friendshipId}`;
const isUuid = (value: string) => z.uuid().safeParse(value).success;
/** The two user ids of a friendship id, smaller first; null for anything else (a 404, never a 500). */
export const usersOfFriendshipId = (friendshipId: string): [string, string] | null => {
  const parts = friendshipId.split('_');
  const [a, b] = parts;
  return parts.length === 2 && a && b && a < b && isUuid(a) && isUuid(b) ? [a, b] : null;
};

const pair = {
  v: z.literal(1),
  friendshipId: z.string(),
  requesterId: z.uuid(),
  recipientId: z.uuid(),
};
export const friendRequestedSchema = z.object({ ...pair, at: z.iso.datetime() });
export const friendRequestAcceptedSchema = z.object({ ...pair, at: z.iso.datetime() });
export const friendRequestRejectedSchema = z.object({ ...pair, at: z.iso.datetime() });
export const friendRemovedSchema = z.object({ ...pair, removedBy: z.uuid(), at: z.iso.datetime() });
