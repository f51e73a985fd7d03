/**
 * The service transcript (a PDF of a student's verified service) and the messages the mail outbox
 * sends (reminders, waitlist promotions, friend requests).
 */
export const transcriptTexts = {
  download: 'Download service transcript',
  downloading: 'Preparing transcript...',
  downloadFailed: 'Error downloading service transcript',
  title: 'Service Transcript',
  student: (name: string) => `Student: ${name}`,
  generated: (date: string) => `Generated ${date}`,
  columns: {
    opportunity: 'Opportunity',
    organization: 'Organization',
    date: 'Date',
    minutes: 'Minutes',
    cause: 'Cause',
  },
  noOrganization: 'Individual host',
  empty: 'No verified service yet.',
  totalMinutes: (minutes: number) => `Total minutes: ${minutes}`,
  totalHours: (hours: string) => `Total hours: ${hours}`,
  totalOpportunities: (count: number) => `Opportunities attended: ${count}`,
  byCause: 'Minutes by cause',
  fileName: (userId: string) => `service-transcript-${userId}.pdf`,
} as const;

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
