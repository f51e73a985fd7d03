import { texts } from '@campus/contracts';
import { ApiError, serverMessageOf } from '@/lib/api-client';
import { MissingFriendshipError, useFriendAction } from './friend-actions';
import type { FriendActionFailure } from './request-friend';

type FriendRequestAnswer = 'accept' | 'reject';

type AnswerFriendRequestInput = {
  /** The other user, whose row acted. */
  userId: string;
  /** Null when the request is not known any more. */
  friendshipId: string | null;
  answer: FriendRequestAnswer;
};

/** Accept and Decline of a received request (notifications page, header search). */
export const useAnswerFriendRequest = () => {
  // Answering needs no viewer: the friendship names both users.
  const mutation = useFriendAction(null, { refresh: 'allReads' });
  const variables = mutation.variables;
  const answering: AnswerFriendRequestInput | null = variables
    ? {
        userId: variables.userId,
        friendshipId: variables.friendshipId,
        answer: variables.action === 'accept' ? 'accept' : 'reject',
      }
    : null;
  const failure: FriendActionFailure | null =
    mutation.isError && answering
      ? { userId: answering.userId, ...describeFailure(mutation.error, answering.answer) }
      : null;
  return {
    answer: ({ userId, friendshipId, answer }: AnswerFriendRequestInput) =>
      mutation.mutate({ action: answer, userId, friendshipId }),
    /** The user whose request is being answered, and how. */
    busy: mutation.isPending ? answering : null,
    failure,
    reset: mutation.reset,
  };
};

/** 'Could not find friendship to accept/reject' when the request is gone, else the action's text. */
const describeFailure = (error: Error, answer: FriendRequestAnswer) => {
  if (
    error instanceof MissingFriendshipError ||
    (error instanceof ApiError && error.status === 404)
  ) {
    return { message: texts.groups.friends.friendshipNotFound, detail: null };
  }
  return {
    message:
      answer === 'accept' ? texts.groups.friends.acceptFailed : texts.groups.friends.rejectFailed,
    detail: serverMessageOf(error),
  };
};
