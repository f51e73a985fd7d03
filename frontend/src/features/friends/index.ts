export {
  MissingFriendshipError,
  friendActionFailure,
  useFriendAction,
  type FriendAction,
} from './api/friend-actions';
