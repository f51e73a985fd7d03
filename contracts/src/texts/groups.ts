/**
 * User-facing texts of the groups screens (/groups, /group-detail/{id}, /account-setup and
 * /org-setup, /notifications, the header search's friend states), in the product's words where it
 * fixes them; the rest are this screen family's own words.
 */
export const groupTexts = {
  manage: {
    title: 'Manage Organizations',
    subtitle: 'Find your clubs, teams and groups, join them, or start a new one.',
    searchLabel: 'Search organizations',
    searchPlaceholder: 'Search by name...',
    allOrganizations: 'All Organizations',
    results: (query: string) => `Organizations matching "${query}"`,
    empty: 'No organizations yet. Be the first to create one.',
    count: (n: number) => `${n} ${n === 1 ? 'organization' : 'organizations'}`,
    members: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`,
    joined: 'Joined',
    host: 'Host',
    loadFailed: 'Could not load organizations.',
  },
  membership: {
    join: 'Join',
    leave: 'Leave',
    joinFailed: 'Error joining organization',
    leaveFailed: 'Error leaving organization',
    confirmLeaveTitle: 'Leave organization?',
    confirmLeave: (name: string) =>
      `Are you sure you want to leave ${name}? Your points will no longer count for it.`,
    cancel: 'Cancel',
  },
  create: {
    heading: 'Create a new organization',
    offer: (name: string) => `Can't find it? Create "${name}"`,
    open: 'Create Organization',
    name: 'Name',
    type: 'Type',
    typePlaceholder: 'Choose a type',
    description: 'Description (optional)',
    submit: 'Create',
    submitting: 'Creating...',
    cancel: 'Cancel',
    nameRequired: 'Name is required',
    typeRequired: 'Please choose a type.',
    failed: 'Error creating organization',
    createdPending: (name: string) =>
      `"${name}" was created and is waiting for an admin's approval. You are its first member.`,
    created: (name: string) => `"${name}" was created. You are its first member.`,
  },
  detail: {
    back: 'All organizations',
    about: 'About',
    noDescription: 'No description yet.',
    seeMore: 'See more',
    seeLess: 'See less',
    stats: 'Statistics',
    totalPoints: 'Total Points',
    members: 'Members',
    rank: 'Rank',
    rankValue: (rank: number) => `#${rank}`,
    rankAmong: (type: string) => `among ${type} organizations`,
    unranked: 'Unranked',
    memberList: (n: number) => `Members (${n})`,
    noMembers: 'No members yet.',
    awaitingApproval: 'Awaiting approval',
    unapprove: 'Unapprove Organization',
    unapproveFailed: (message: string) => `Error unapproving organization: ${message}`,
    confirmUnapproveTitle: (name: string) => `Unapprove "${name}"?`,
    confirmUnapprove:
      'It will be hidden from everyone but its host and admins until an admin approves it again in the Admin Panel.',
    confirmUnapproveAction: 'Unapprove',
    cancelUnapprove: 'Cancel',
    unapproved: (name: string) =>
      `"${name}" was unapproved: it is hidden from everyone but its host and admins until it is approved again.`,
    loadFailed: 'Could not load this organization.',
  },
  friends: {
    requestSent: 'Request Sent',
    accept: 'Accept',
    decline: 'Decline',
    requestFailed: 'Error sending friend request',
    acceptFailed: 'Error accepting friend request',
    rejectFailed: 'Error rejecting friend request',
    friendshipNotFound: 'Could not find friendship to accept/reject',
  },
  search: {
    failed: 'Search is not available right now. Please try again.',
  },
  notifications: {
    title: 'Notifications',
    subtitle: 'Friend requests waiting for your answer.',
    friendRequests: 'Friend Requests',
    wantsToBeFriends: 'sent you a friend request',
    empty: 'No pending friend requests.',
    loadFailed: 'Could not load your notifications.',
  },
  onboarding: {
    welcome: 'Welcome!',
    continueHint: 'You can join or leave organizations any time from Groups.',
    setupText:
      'Join the organizations you belong to so your service counts for them too. Search for yours, or create it if it is not here yet.',
  },
} as const;
