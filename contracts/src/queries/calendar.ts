import { z } from 'zod';

/** GET /api/calendar/subscription: the caller's private feed URL (an absolute URL path). */
export const calendarSubscriptionSchema = z.object({ path: z.string() });
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;
