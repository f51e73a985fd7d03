import { z } from 'zod';

/** POST /api/opps/:id/check-in: the code read from the host's QR code. */
export const checkInSchema = z.object({
  token: z.string().trim().min(1, 'Required').max(200, 'Too long'),
});
export type CheckIn = z.infer<typeof checkInSchema>;
