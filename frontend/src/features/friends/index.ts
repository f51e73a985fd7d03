export { useAnswerFriendRequest } from './api/answer-friend-request';
export {
  MissingFriendshipError,
  friendActionFailure,
  useFriendAction,
  type FriendAction,
  type FriendActionInput,
} from './api/friend-actions';
export { useRequestFriend } from './api/request-friend';
export { FriendRequestList } from './components/friend-request-list';
