import type { MailTopic } from '../events/mail';

/** How a kind of mail is named inside a sentence ("Stop getting reminder emails?"). */
const topicNames: Record<MailTopic, string> = {
  reminders: 'reminder',
  waitlist: 'waitlist',
  friend_requests: 'friend request',
  service_hours: 'service hours',
};

/** The profile's email settings, the unsubscribe page and the footer of every mail (docs/mail.md). */
export const mailPreferencesTexts = {
  title: 'Email notifications',
  intro: 'Choose which emails you get. Notifications in the app stay on.',
  topics: {
    reminders: {
      label: 'Reminders',
      description: 'A reminder 24 hours before an opportunity you signed up for.',
    },
    waitlist: {
      label: 'Waitlist',
      description: 'When a slot opens and you move from the waitlist to registered.',
    },
    friend_requests: {
      label: 'Friend requests',
      description: 'When someone sends you a friend request.',
    },
    service_hours: {
      label: 'Service hours',
      description: 'When the hours you logged are verified or rejected.',
    },
  } satisfies Record<MailTopic, { label: string; description: string }>,
  save: 'Save email preferences',
  saving: 'Saving...',
  saved: 'Your email preferences were saved.',
  saveFailed: 'Could not save your email preferences. Please try again.',
  loadFailed: 'Could not load your email preferences.',
  onlyOwner: 'You can only change your own email preferences.',
  topicName: (topic: MailTopic) => topicNames[topic],
  unsubscribe: {
    title: 'Unsubscribe',
    question: (topic: MailTopic) => `Stop getting ${topicNames[topic]} emails?`,
    confirm: 'Unsubscribe',
    working: 'Unsubscribing...',
    done: (topic: MailTopic) =>
      `You will no longer get ${topicNames[topic]} emails. You can turn them back on in your profile.`,
    invalidLink: 'This unsubscribe link is not valid.',
    failed: 'Could not unsubscribe. Please try again.',
  },
  /** The last lines of every mail: its kind's one-click unsubscribe link. */
  footer: (topic: MailTopic, url: string) =>
    `To stop getting ${topicNames[topic]} emails, open ${url}\nYou can choose which emails you get in your profile.`,
} as const;
