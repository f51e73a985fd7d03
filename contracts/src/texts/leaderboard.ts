import { friendActionTexts } from './profile';

/** User-facing texts of the leaderboard screens, in the product's words where it fixes them. */
export const leaderboardTexts = {
  period: 'Period',
  monthly: 'Monthly',
  allTime: 'All-Time',
  boards: 'Leaderboards',
  individuals: 'Individuals',
  allOrganizations: 'All Organizations',
  monthWindow: (month: string, from: string) => `${month}, counted from ${from}`,
  allTimeWindow: 'Every point since launch',
  fallback: 'The monthly leaderboard could not be loaded, so the all-time leaderboard is shown.',
  loadFailed: 'Failed to load the leaderboard.',
  yourRank: 'Your rank',
  yourPoints: 'Your points',
  rank: 'Rank',
  name: 'Name',
  points: 'Points',
  action: 'Action',
  you: 'You',
  emptyIndividuals: 'No one has earned points here yet.',
  emptyOrganizations: 'No organizations have points here yet.',
  friend: friendActionTexts,
  /**
   * A row's buttons as assistive technology names them: the visible word, then whom it is about
   * (every row has the same visible 'Add Friend').
   */
  rowAction: {
    addFriend: (name: string) => `Add friend ${name}`,
    requestSent: (name: string) => `Request sent to ${name}`,
    accept: (name: string) => `Accept friend request from ${name}`,
    decline: (name: string) => `Decline friend request from ${name}`,
    join: (name: string) => `Join ${name}`,
    joined: (name: string) => `Joined ${name}`,
  },
  organization: {
    host: 'Host',
    joined: 'Joined',
    join: 'Join',
    leaveTitle: (name: string) => `Leave ${name}?`,
    leaveText: 'Your points stop counting for this organization. You can join again later.',
    leave: 'Leave',
    cancel: 'Cancel',
    joinFailed: 'Error joining organization',
    leaveFailed: 'Error leaving organization',
  },
} as const;
