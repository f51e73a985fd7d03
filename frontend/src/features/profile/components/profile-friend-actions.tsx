import { texts } from '@campus/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CheckCircleIcon } from '@/components/ui/icons';
import { Pill } from '@/components/ui/pill';
import { Spinner } from '@/components/ui/spinner';
import {
  MissingFriendshipError,
  friendActionFailure,
  useFriendAction,
  type FriendAction,
} from '@/features/friends';
import { useFriendshipWith } from '../api/get-friendship';
import styles from './profile.module.css';

const t = texts.profile.friend;

type ProfileFriendActionsProps = {
  viewerId: string;
  userId: string;
  name: string;
};

/** Add Friend, Request Sent, Accept / Decline, or Friends with Remove, for another user's profile. */
export const ProfileFriendActions = ({ viewerId, userId, name }: ProfileFriendActionsProps) => {
  const friendship = useFriendshipWith(viewerId, userId, true);
  const current = friendship.data ?? { friendship_id: null, friendship_status: 'add' as const };
  // Afterwards every user read (relation, friend counts, friends grids), the bell and the boards.
  const action = useFriendAction(viewerId, { refresh: 'profile' });
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [failure, setFailure] = useState<{ text: string; detail: string } | null>(null);

  const run = (next: FriendAction) => {
    setFailure(null);
    action.mutate(
      { action: next, userId, friendshipId: current.friendship_id },
      {
        onSuccess: () => setConfirmingRemove(false),
        onError: (error) => {
          setConfirmingRemove(false);
          setFailure({
            text: friendActionFailure[next],
            detail: error instanceof MissingFriendshipError ? t.friendshipNotFound : error.message,
          });
        },
      },
    );
  };
  const busy = (which: FriendAction) => action.isPending && action.variables.action === which;

  // Unknown while loading; after a failed load no action is offered rather than a wrong one.
  if (friendship.isPending) return <Spinner size="small" label={texts.common.loading} />;
  if (friendship.isError) return null;

  const buttons = (() => {
    switch (current.friendship_status) {
      case 'add':
        return (
          <Button size="small" loading={busy('request')} onClick={() => run('request')}>
            {t.addFriend}
          </Button>
        );
      case 'sent':
        return (
          <Button size="small" variant="secondary" disabled>
            {t.requestSent}
          </Button>
        );
      case 'received':
        return (
          <>
            <Button
              size="small"
              loading={busy('accept')}
              disabled={action.isPending}
              onClick={() => run('accept')}
            >
              {t.accept}
            </Button>
            <Button
              size="small"
              variant="secondary"
              loading={busy('reject')}
              disabled={action.isPending}
              onClick={() => run('reject')}
            >
              {t.decline}
            </Button>
          </>
        );
      case 'friends':
        return (
          <>
            <Pill tone="success">
              <CheckCircleIcon size={16} />
              {t.friends}
            </Pill>
            <Button size="small" variant="ghost" onClick={() => setConfirmingRemove(true)}>
              {t.remove}
            </Button>
          </>
        );
      default: {
        const unexpected: never = current.friendship_status;
        return unexpected;
      }
    }
  })();

  return (
    <div className={styles.friendActions}>
      <div className={styles.actionRow}>{buttons}</div>
      {failure ? (
        <Alert>
          <strong>{failure.text}</strong>
          {failure.detail && failure.detail !== failure.text ? ` (${failure.detail})` : null}
        </Alert>
      ) : null}
      {confirmingRemove ? (
        <ConfirmDialog
          title={t.removeTitle(name)}
          message={t.removeText}
          confirmLabel={t.remove}
          cancelLabel={t.cancel}
          busy={busy('remove')}
          onConfirm={() => run('remove')}
          onCancel={() => setConfirmingRemove(false)}
        />
      ) : null}
    </div>
  );
};
