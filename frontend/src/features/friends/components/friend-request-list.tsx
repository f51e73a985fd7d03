import { TIME_ZONE, texts, type Notifications } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { paths } from '@/config/paths';
import { useAnswerFriendRequest } from '../api/answer-friend-request';
import styles from './friend-request-list.module.css';

export type FriendRequest = Notifications['friend_requests'][number];

type FriendRequestListProps = { requests: readonly FriendRequest[] };

const requestedOn = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const formatRequestedAt = (iso: string): string | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : requestedOn.format(date);
};

/**
 * Friend requests received, each with Accept and Decline (named after the sender for assistive
 * technology: 'Accept friend request from Fay Friend'); a blank name shows 'Unknown User'.
 */
export const FriendRequestList = ({ requests }: FriendRequestListProps) => {
  const { answer, busy, failure } = useAnswerFriendRequest();
  if (requests.length === 0) {
    return <p className={styles.empty}>{texts.groups.notifications.empty}</p>;
  }
  return (
    <ul className={styles.list}>
      {requests.map((request) => {
        const rowBusy = busy?.userId === request.user_id ? busy.answer : null;
        const when = formatRequestedAt(request.requested_at);
        const name = request.name.trim() || texts.profile.friends.unknownUser;
        return (
          <li key={request.friendship_id} className={styles.item}>
            <article className={styles.row} aria-label={name}>
              <Link to={paths.profile.getHref(request.user_id)} className={styles.person}>
                <Avatar src={request.profile_image} name={name} />
                <span className={styles.text}>
                  <span className={styles.name}>{name}</span>
                  <span className={styles.meta}>
                    {texts.groups.notifications.wantsToBeFriends}
                    {when ? (
                      <>
                        {' · '}
                        <time dateTime={request.requested_at}>{when}</time>
                      </>
                    ) : null}
                  </span>
                </span>
              </Link>
              <div className={styles.actions}>
                <Button
                  size="small"
                  aria-label={texts.leaderboard.rowAction.accept(name)}
                  loading={rowBusy === 'accept'}
                  disabled={rowBusy !== null}
                  onClick={() =>
                    answer({
                      userId: request.user_id,
                      friendshipId: request.friendship_id,
                      answer: 'accept',
                    })
                  }
                >
                  {texts.groups.friends.accept}
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={texts.leaderboard.rowAction.decline(name)}
                  loading={rowBusy === 'reject'}
                  disabled={rowBusy !== null}
                  onClick={() =>
                    answer({
                      userId: request.user_id,
                      friendshipId: request.friendship_id,
                      answer: 'reject',
                    })
                  }
                >
                  {texts.groups.friends.decline}
                </Button>
              </div>
            </article>
            {failure?.userId === request.user_id ? (
              <FailureAlert message={failure.message} detail={failure.detail} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
};
