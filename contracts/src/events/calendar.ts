import { z } from 'zod';

export const toCalendarFeedStreamId = (userId: string) => `calendar-feed-${userId}`;

/**
 * A student reset their private calendar subscription link (ADR 0010): every link made before
 * stops working. The event holds no secret; the link is signed by the query service from the
 * user id and the position of the latest reset.
 */
export const calendarFeedResetSchema = z.object({
  v: z.literal(1),
  userId: z.uuid(),
  at: z.iso.datetime(),
});
export type CalendarFeedReset = z.infer<typeof calendarFeedResetSchema>;
