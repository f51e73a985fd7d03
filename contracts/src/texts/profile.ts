/**
 * What a user can do about another user.
 * The leaderboard and the profile both show these, so they live here once.
 */
export const friendActionTexts = {
  addFriend: 'Add Friend',
  requestSent: 'Request Sent',
  accept: 'Accept',
  decline: 'Decline',
  friends: 'Friends',
  sendFailed: 'Error sending friend request',
  acceptFailed: 'Error accepting friend request',
  rejectFailed: 'Error rejecting friend request',
  removeFailed: 'Error removing friend',
  friendshipNotFound: 'Could not find friendship to accept/reject',
} as const;

/** User-facing texts of the profile screens, in the product's words where it fixes them. */
export const profileTexts = {
  friend: {
    ...friendActionTexts,
    remove: 'Remove Friend',
    removeTitle: (name: string) => `Remove ${name} from your friends?`,
    removeText: 'You can send a new friend request later.',
    cancel: 'Cancel',
  },
  photo: {
    alt: (name: string) => `Profile picture of ${name}`,
    change: 'Change photo',
    uploading: 'Uploading photo...',
    updateFailed: (message: string) => `Error updating profile picture: ${message}`,
    uploadFailed: (status: number, statusText: string) =>
      `Failed to upload profile picture: ${String(status)} ${statusText}`,
    tooLarge: 'The picture must be an image of at most 5 MB.',
  },
  stats: {
    label: 'Stats',
    friends: 'Friends',
    points: 'Points',
    hours: 'Hours',
  },
  email: 'Email',
  seeMyOpportunities: 'See my opportunities',
  logout: 'Log out',
  bio: {
    title: 'Bio',
    empty: 'No bio yet.',
    add: 'Add',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    label: 'Bio',
    saveFailed: 'Failed to save bio. Please try again.',
  },
  passions: {
    title: 'Passions',
    hint: 'Choose the causes you care about.',
    empty: 'No passions chosen yet.',
    updateFailed: (message: string) => `Error updating profile: ${message}`,
  },
  organizations: {
    title: 'Organizations',
    manage: 'Manage Orgs',
    empty: 'Not a member of any organization yet.',
  },
  friends: {
    title: 'Friends',
    empty: 'No friends yet.',
    /** A friend whose name is missing or blank. */
    unknownUser: 'Unknown User',
  },
  badges: {
    title: 'Badges',
    empty: 'No badges earned yet.',
  },
  history: {
    title: 'Point History',
    chartTitle: 'Points per month',
    chartLabel: (summary: string) => `Points per month: ${summary}`,
    chartLoading: 'Loading chart...',
    empty: 'No points earned yet.',
    loadFailed: 'Failed to load the point history.',
    date: 'Date',
    cause: 'Cause',
    change: 'Change',
    total: 'Total',
    attendance: 'Attended',
    firstSignupBonus: 'First sign-up bonus',
    unknownOpportunity: 'Unknown opportunity',
    points: (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`,
  },
  loadFailed: 'Failed to load this profile.',
  /** Admins only: crypto-shredding a person's personal data (ADR 0002). */
  erase: {
    button: 'Erase personal data',
    title: "Erase this person's personal data?",
    message:
      'Name, email, phone, photo and bio become unreadable everywhere, for good. Points, sign-ups and counts stay.',
    confirm: 'Erase',
    cancel: 'Cancel',
    done: 'Personal data erased.',
    failed: (message: string) => `Error erasing personal data: ${message}`,
  },
} as const;
