import { z } from 'zod';
import { profileTexts } from '../texts/profile';

/** A user's relation to another: add is the implicit default. */
const FRIENDSHIP_STATUSES = ['add', 'sent', 'received', 'friends'] as const;
export const friendshipStatusSchema = z.enum(FRIENDSHIP_STATUSES);
export type FriendshipStatus = z.infer<typeof friendshipStatusSchema>;

/** GET /api/users/{id}/friendships/all: every other user with their status towards {id}. */
const friendshipEntrySchema = z.object({
  user_id: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
  /** Null while there is no request between the two ('add'). */
  friendship_id: z.string().nullable(),
  friendship_status: friendshipStatusSchema,
});
export type FriendshipEntry = z.infer<typeof friendshipEntrySchema>;
export const friendshipsAllSchema = z.array(friendshipEntrySchema);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const firstText = (...values: unknown[]): string | undefined =>
  values.find((v): v is string => typeof v === 'string' && v.trim() !== '');

/**
 * A friend list entry as the answer may name its fields: the id as other_user_id, id or user_id;
 * the name as other_user_name or name ('Unknown User' when missing or blank); the picture as
 * other_user_profile_image or profile_image.
 */
const friendListEntryFields = (entry: unknown): unknown => {
  if (!isRecord(entry)) return entry;
  const {
    other_user_id,
    id,
    user_id,
    other_user_name,
    name,
    other_user_profile_image,
    profile_image,
    ...rest
  } = entry;
  return {
    ...rest,
    other_user_id: firstText(other_user_id, id, user_id) ?? other_user_id,
    other_user_name: firstText(other_user_name, name) ?? profileTexts.friends.unknownUser,
    other_user_profile_image: firstText(other_user_profile_image, profile_image) ?? null,
  };
};

/** GET /api/users/{id}/friends: accepted friendships only. */
const friendListEntrySchema = z.preprocess(
  friendListEntryFields,
  z.object({
    other_user_id: z.string(),
    other_user_name: z.string(),
    other_user_profile_image: z.string().nullable(),
    friendship_id: z.string(),
  }),
);
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
  /**
   * Decisions on the caller's logged service hours in the last 30 days, newest first
   * (docs/service-hours.md). They are not counted in `count`, which is friend requests waiting.
   */
  hours_decisions: z.array(
    z.object({
      log_id: z.string(),
      status: z.enum(['approved', 'rejected']),
      organization_name: z.string(),
      date: z.string(),
      minutes: z.number().int(),
      decided_at: z.string(),
      decided_by_name: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type Notifications = z.infer<typeof notificationsSchema>;
