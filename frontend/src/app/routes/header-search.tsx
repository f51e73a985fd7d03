import { useMemo, useState } from 'react';
import { useAnswerFriendRequest } from '@/features/friends/api/answer-friend-request';
import { useRequestFriend } from '@/features/friends/api/request-friend';
import { useMembership } from '@/features/organizations/api/membership';
import { LeaveOrganizationDialog } from '@/features/organizations/components/leave-organization-dialog';
import { useHeaderSearch } from '@/features/search/api/search';
import {
  SearchBox,
  type SearchNotice,
  type SearchOrganization,
} from '@/features/search/components/search-box';

/**
 * The header's search wired to GET /api/search, Join/Leave (leave confirmed first) and the friend
 * actions; every answer refreshes the reads, so the dropdown shows the new state.
 */
export const HeaderSearch = () => {
  const [query, setQuery] = useState('');
  const search = useHeaderSearch(query);
  const membership = useMembership();
  const requestFriend = useRequestFriend();
  const answerRequest = useAnswerFriendRequest();
  const [leaving, setLeaving] = useState<SearchOrganization | null>(null);
  const [lastAction, setLastAction] = useState<'membership' | 'request' | 'answer' | null>(null);

  const busyIds = useMemo(
    () =>
      new Set(
        [membership.busyId, requestFriend.busyId, answerRequest.busy?.userId].filter(
          (id): id is string => typeof id === 'string',
        ),
      ),
    [membership.busyId, requestFriend.busyId, answerRequest.busy?.userId],
  );

  const failures: Record<NonNullable<typeof lastAction>, SearchNotice | null> = {
    membership: membership.failure,
    request: requestFriend.failure,
    answer: answerRequest.failure,
  };
  const notice = lastAction ? failures[lastAction] : null;

  return (
    <>
      <SearchBox
        results={search.results}
        loading={search.loading}
        failed={search.isError}
        notice={notice}
        busyIds={busyIds}
        onQueryChange={setQuery}
        onJoin={(organization) => {
          setLastAction('membership');
          void membership.join(organization.id);
        }}
        onLeave={(organization) => {
          membership.clearFailure();
          setLeaving(organization);
        }}
        onAddFriend={(student) => {
          setLastAction('request');
          requestFriend.request(student.id);
        }}
        onAccept={(student) => {
          setLastAction('answer');
          answerRequest.answer({
            userId: student.id,
            friendshipId: student.friendship_id,
            answer: 'accept',
          });
        }}
      />
      {leaving ? (
        <LeaveOrganizationDialog
          organizationName={leaving.name}
          busy={membership.busyId === leaving.id}
          onConfirm={() => {
            setLastAction('membership');
            void membership.leave(leaving.id).then(() => setLeaving(null));
          }}
          onCancel={() => setLeaving(null)}
        />
      ) : null}
    </>
  );
};
