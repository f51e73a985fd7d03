/** The messages the mail outbox sends (reminders, waitlist promotions, friend requests). */
export const mailTexts = {
  reminder: {
    subject: (name: string) => `Reminder: ${name} starts within 24 hours`,
    body: (name: string, date: string, time: string, address: string) =>
      `This is a reminder that "${name}" starts on ${date} at ${time}${address ? ` at ${address}` : ''}.\n\nIf you can no longer attend, please unregister so someone else can take your place.`,
  },
  waitlistPromoted: {
    subject: (name: string) => `You're registered for ${name}`,
    body: (name: string, date: string, time: string) =>
      `A slot opened up and you were moved from the waitlist: you are now registered for "${name}" on ${date} at ${time}.`,
  },
  friendRequest: {
    subject: (name: string) => `${name} sent you a friend request`,
    body: (name: string) =>
      `${name} would like to be your friend on Campus Volunteering. Open your profile to accept or decline.`,
  },
  signature: 'Campus Volunteering',
} as const;
