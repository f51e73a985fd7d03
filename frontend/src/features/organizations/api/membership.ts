import { texts } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, serverMessageOf } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { refreshReadsAfterWrite } from './refresh-reads';

type MembershipChange = 'join' | 'leave';

export type MembershipFailure = {
  organizationId: string;
  /** The text shown for the failed change. */
  message: string;
  /** The server's own words, when it gave any. */
  detail: string | null;
};

/** POST /api/register-org or /api/unregister-org for the signed-in user. */
const changeMembership = (change: MembershipChange, userId: string, organizationId: string) =>
  api.request(change === 'join' ? 'joinOrganization' : 'leaveOrganization', {
    body: { user_id: userId, organization_id: organizationId },
  });

const succeeded = () => true;
const failed = () => false;

/**
 * Join and Leave for the signed-in user. After either, every read refreshes (the current user and
 * the lists); the organization stays busy until then, so its button never flips back early.
 */
export const useMembership = () => {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<MembershipFailure | null>(null);
  const mutation = useMutation({
    mutationFn: async ({
      change,
      organizationId,
    }: {
      change: MembershipChange;
      organizationId: string;
    }) => {
      if (session.status !== 'signedIn') throw new Error('Not signed in');
      await changeMembership(change, session.userId, organizationId);
      await refreshReadsAfterWrite(queryClient);
    },
    onMutate: () => setFailure(null),
    onError: (error, { change, organizationId }) =>
      setFailure({
        organizationId,
        message:
          change === 'join'
            ? texts.groups.membership.joinFailed
            : texts.groups.membership.leaveFailed,
        detail: serverMessageOf(error),
      }),
  });
  const busyId = mutation.isPending ? mutation.variables.organizationId : null;
  return {
    /** Resolves true once joined and refreshed, false on failure (then `failure` says why). */
    join: (organizationId: string) =>
      mutation.mutateAsync({ change: 'join', organizationId }).then(succeeded, failed),
    leave: (organizationId: string) =>
      mutation.mutateAsync({ change: 'leave', organizationId }).then(succeeded, failed),
    /** The organization whose change is running, if any. */
    busyId,
    failure,
    clearFailure: () => setFailure(null),
  };
};
