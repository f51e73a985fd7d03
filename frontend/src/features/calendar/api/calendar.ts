import type { CalendarSubscription } from '@campus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Hands text to the browser as a download named `fileName`. */
const saveText = (text: string, type: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** A file name for an opportunity's .ics: its name's letters and digits (as the server names it). */
const icsFileName = (name: string): string =>
  `${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'opportunity'}.ics`;

/** GET /api/opps/{id}/calendar (the iCalendar text, through the signed-in client), saved as a file. */
export const downloadOpportunityCalendar = async (opportunityId: string, name: string) => {
  const ics = await api.request('getOpportunityCalendar', { params: { id: opportunityId } });
  saveText(String(ics), 'text/calendar', icsFileName(name));
};

const subscriptionKey = ['calendar', 'subscription'] as const;

/** The full address of a feed path, on the site the app is served from. */
export const feedUrlOf = (path: string, origin = window.location.origin): string =>
  new URL(path, origin).toString();

/** GET /api/calendar/subscription: the caller's private feed. */
export const useCalendarSubscription = () =>
  useQuery({
    queryKey: subscriptionKey,
    queryFn: ({ signal }): Promise<CalendarSubscription> =>
      api.request('getCalendarSubscription', { signal }),
  });

/** POST /api/calendar/subscription/reset, then the new link is read. */
export const useResetCalendarSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request('resetCalendarSubscription'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKey }),
  });
};
