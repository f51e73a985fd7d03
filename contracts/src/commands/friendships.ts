import { z } from 'zod';
import { idSchema } from './common';

/** POST /api/users/{id}/friends. Ids are lowercased: the pair's stream name orders them as text. */
export const friendRequestSchema = z.object({
  receiver_id: idSchema('receiver_id').transform((id) => id.toLowerCase()),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;
