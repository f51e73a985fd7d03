import { z } from 'zod';

/**
 * Uniqueness (a user's email, an organization's name, a friendship per pair) is a reservation
 * stream per value. Its name holds no personal data; claims and releases alternate, and a claim
 * appends with the expected revision of the release it follows.
 */
export const reservationClaimedSchema = z.object({ v: z.literal(1), ownerId: z.string().min(1) });
export const reservationReleasedSchema = z.object({ v: z.literal(1), ownerId: z.string().min(1) });
