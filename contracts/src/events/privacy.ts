import { z } from 'zod';

/**
 * An admin erased a person (crypto-shredding): their data key is gone, so every sealed blob of
 * theirs in the log is unreadable for good, replays included. Projections null the personal
 * columns and mark the row erased; ids, points, signups and counts stay.
 */
export const userErasedSchema = z.object({
  v: z.literal(1),
  userId: z.uuid(),
  erasedAt: z.iso.datetime(),
});
export type UserErased = z.infer<typeof userErasedSchema>;
