import { texts } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, serverMessageOf } from '@/lib/api-client';
import { refreshReadsAfterWrite } from './refresh-reads';
import type { FriendActionFailure } from './request-friend';

export type FriendRequestAnswer = 'accept' | 'reject';

export type AnswerFriendRequestInput = {
  /** The other user, whose row acted. */
  userId: string;
  /** Null when the request is not known any more. */
  friendshipId: string | null;
  answer: FriendRequestAnswer;
};

class FriendshipNotFound extends Error {}

/** PUT /api/friendships/{id}/accept or /reject: Accept and Decline of a received request. */
export const useAnswerFriendRequest = () => {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ friendshipId, answer }: AnswerFriendRequestInput) => {
      if (!friendshipId) throw new FriendshipNotFound();
      await api.request(answer === 'accept' ? 'acceptFriendRequest' : 'rejectFriendRequest', {
        params: { id: friendshipId },
      });
      await refreshReadsAfterWrite(queryClient);
    },
  });
  const failure: FriendActionFailure | null = mutation.isError
    ? {
        userId: mutation.variables.userId,
        ...describeFailure(mutation.error, mutation.variables.answer),
      }
    : null;
  return {
    answer: (input: AnswerFriendRequestInput) => mutation.mutate(input),
    /** The user whose request is being answered, and how. */
    busy: mutation.isPending ? mutation.variables : null,
    failure,
    reset: mutation.reset,
  };
};

/** 'Could not find friendship to accept/reject' when the request is gone, else the action's text. */
const describeFailure = (error: Error, answer: FriendRequestAnswer) => {
  if (error instanceof FriendshipNotFound || (error instanceof ApiError && error.status === 404)) {
    return { message: texts.groups.friends.friendshipNotFound, detail: null };
  }
  return {
    message:
      answer === 'accept' ? texts.groups.friends.acceptFailed : texts.groups.friends.rejectFailed,
    detail: serverMessageOf(error),
  };
};
