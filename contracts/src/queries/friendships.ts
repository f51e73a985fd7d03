import { z } from 'zod';

/** A user's relation to another: add is the implicit default. */
export const FRIENDSHIP_STATUSES = ['add', 'sent', 'received', 'friends'] as const;
export const friendshipStatusSchema = z.enum(FRIENDSHIP_STATUSES);
export type FriendshipStatus = z.infer<typeof friendshipStatusSchema>;

/** GET /api/users/{id}/friendships/all: every other user with their status towards {id}. */
export const friendshipEntrySchema = z.object({
  user_id: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
  /** Null while there is no request between the two ('add'). */
  friendship_id: z.string().nullable(),
  friendship_status: friendshipStatusSchema,
});
export type FriendshipEntry = z.infer<typeof friendshipEntrySchema>;
export const friendshipsAllSchema = z.array(friendshipEntrySchema);

/** GET /api/users/{id}/friends: accepted friendships only. */
export const friendListEntrySchema = z.object({
  other_user_id: z.string(),
  other_user_name: z.string(),
  other_user_profile_image: z.string().nullable(),
  friendship_id: z.string(),
});
export type FriendListEntry = z.infer<typeof friendListEntrySchema>;
export const friendListSchema = z.array(friendListEntrySchema);

/** GET /api/notifications: friend requests the caller received and has not answered, newest first. */
export const notificationsSchema = z.object({
  count: z.number().int(),
  friend_requests: z.array(
    z.object({
      friendship_id: z.string(),
      user_id: z.string(),
      name: z.string(),
      profile_image: z.string().nullable(),
      requested_at: z.string(),
    }),
  ),
});
export type Notifications = z.infer<typeof notificationsSchema>;
