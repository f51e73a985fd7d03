/** Waitlists of full opportunities and the calendar (ADR 0010). */
export const waitlistTexts = {
  join: 'Join Waitlist',
  joining: 'Joining...',
  leave: 'Leave Waitlist',
  leaving: 'Leaving...',
  position: (position: number) => `You are #${String(position)} on the waitlist`,
  waiting: (count: number) =>
    count === 1 ? '1 person is waiting' : `${String(count)} people are waiting`,
  joinHint: 'You will be registered automatically when a slot frees up.',
  promotedNotice: (name: string) => `A slot opened up: you are now registered for ${name}.`,
  promotionsTitle: 'Waitlist',
  errors: {
    alreadyWaiting: 'You are already on the waitlist for this opportunity.',
    notWaiting: 'You are not on the waitlist for this opportunity.',
    notFull: 'This opportunity still has slots available. Sign up instead.',
    closed: 'The waitlist is closed within 7 hours of the event.',
    joinFailed: 'Failed to join the waitlist. Please try again.',
    leaveFailed: 'Failed to leave the waitlist. Please try again.',
  },
} as const;

export const calendarTexts = {
  addToCalendar: 'Add to calendar',
  downloadFailed: 'Failed to download the calendar file. Please try again.',
  subscriptionTitle: 'Calendar subscription',
  subscriptionHint:
    'Subscribe to this private address in your calendar app to see the opportunities you are registered for. Anyone with the address can see them.',
  copy: 'Copy link',
  copied: 'Copied!',
  reset: 'Reset link',
  resetting: 'Resetting...',
  resetDone: 'A new link was made; the old one no longer works.',
  loadFailed: 'Failed to load your calendar link.',
  feedName: 'Campus Volunteering: my opportunities',
  /** The feed's 404: an old (reset) or made-up link. */
  feedNotFound: 'Calendar not found',
} as const;
