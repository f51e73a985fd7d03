import { z } from 'zod';

/**
 * A registered participant scanned the host's check-in code on site (QR check-in). Appended to
 * `opportunity-<id>`; at most once per participant, and only before attendance is submitted.
 */
export const participantCheckedInSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  userId: z.uuid(),
  checkedInAt: z.iso.datetime(),
});
