import { texts, type LeaderboardEntry } from '@campus/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { Pill } from '@/components/ui/pill';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import type { LeaderboardAction } from '../api/leaderboard-actions';
import styles from './leaderboard-table.module.css';

const t = texts.leaderboard;

type LeaderboardTableProps = {
  kind: 'individuals' | 'organizations';
  entries: readonly LeaderboardEntry[];
  /** Rows whose action is running (their buttons are disabled). */
  busyIds: ReadonlySet<string>;
  onAction: (action: LeaderboardAction) => void;
  /** 'Joined' was clicked: the page asks before leaving. */
  onLeave: (entry: LeaderboardEntry) => void;
};

const medalClass = (rank: number): string | undefined =>
  rank === 1 ? styles.gold : rank === 2 ? styles.silver : rank === 3 ? styles.bronze : undefined;

type RowActionProps = Omit<LeaderboardTableProps, 'entries'> & { entry: LeaderboardEntry };

/** The friend action of a student row; none on the caller's own row. */
const FriendAction = ({ entry, busyIds, onAction }: RowActionProps) => {
  const busy = busyIds.has(entry.id);
  switch (entry.friendship_status) {
    case null:
    case undefined:
      return <Pill tone="primary">{t.you}</Pill>;
    case 'add':
      return (
        <Button
          size="small"
          loading={busy}
          aria-label={t.rowAction.addFriend(entry.name)}
          onClick={() => onAction({ type: 'requestFriend', entry })}
        >
          {t.friend.addFriend}
        </Button>
      );
    case 'sent':
      return (
        <Button
          size="small"
          variant="secondary"
          disabled
          aria-label={t.rowAction.requestSent(entry.name)}
        >
          {t.friend.requestSent}
        </Button>
      );
    case 'received':
      return (
        <span className={styles.pair}>
          <Button
            size="small"
            disabled={busy}
            aria-label={t.rowAction.accept(entry.name)}
            onClick={() => onAction({ type: 'acceptFriend', entry })}
          >
            {t.friend.accept}
          </Button>
          <Button
            size="small"
            variant="secondary"
            disabled={busy}
            aria-label={t.rowAction.decline(entry.name)}
            onClick={() => onAction({ type: 'declineFriend', entry })}
          >
            {t.friend.decline}
          </Button>
        </span>
      );
    case 'friends':
      return (
        <Pill tone="success">
          <CheckCircleIcon size={16} />
          {t.friend.friends}
        </Pill>
      );
    default: {
      const unexpected: never = entry.friendship_status;
      return unexpected;
    }
  }
};

/** Host, Joined (click to leave) or Join on an organization row. */
const MembershipAction = ({ entry, busyIds, onAction, onLeave }: RowActionProps) => {
  const busy = busyIds.has(entry.id);
  if (entry.is_host) return <Pill tone="accent">{t.organization.host}</Pill>;
  if (entry.is_member) {
    return (
      <Button
        size="small"
        variant="secondary"
        icon={<CheckCircleIcon size={16} />}
        disabled={busy}
        aria-label={t.rowAction.joined(entry.name)}
        onClick={() => onLeave(entry)}
      >
        {t.organization.joined}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      loading={busy}
      aria-label={t.rowAction.join(entry.name)}
      onClick={() => onAction({ type: 'joinOrganization', entry })}
    >
      {t.organization.join}
    </Button>
  );
};

/** The rows of one board: rank as the server gives it (ties share one), picture, name, points. */
export const LeaderboardTable = (props: LeaderboardTableProps) => {
  const { kind, entries } = props;
  if (entries.length === 0) {
    return (
      <p className={styles.empty}>
        {kind === 'individuals' ? t.emptyIndividuals : t.emptyOrganizations}
      </p>
    );
  }
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col" className={styles.rankCell}>
            {t.rank}
          </th>
          <th scope="col">{t.name}</th>
          <th scope="col" className={styles.pointsCell}>
            {t.points}
          </th>
          <th scope="col" className={styles.actionCell}>
            <span className="visually-hidden">{t.action}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const self = kind === 'individuals' && entry.friendship_status == null;
          return (
            <tr key={entry.id} className={cx(self && styles.self)}>
              <td className={styles.rankCell}>
                <span className={cx(styles.rank, medalClass(entry.rank))}>{entry.rank}</span>
              </td>
              <td>
                <Link
                  className={styles.who}
                  to={
                    kind === 'individuals'
                      ? paths.profile.getHref(entry.id)
                      : paths.groupDetail.getHref(entry.id)
                  }
                >
                  <Avatar src={entry.profile_image} name={entry.name} />
                  <span className={styles.names}>
                    <span className={styles.name}>{entry.name}</span>
                    {kind === 'organizations' && entry.type ? (
                      <span className={styles.type}>{entry.type}</span>
                    ) : null}
                  </span>
                </Link>
              </td>
              <td className={styles.pointsCell}>
                <span className={styles.points}>{entry.points}</span>
              </td>
              <td className={styles.actionCell}>
                {kind === 'individuals' ? (
                  <FriendAction {...props} entry={entry} />
                ) : (
                  <MembershipAction {...props} entry={entry} />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
};

/** Rows a board shows while it loads: enough to fill the screen, as a loaded board does. */
const SKELETON_ROWS = 10;

/** The board while it loads: its frame and rows at their loaded height, and a spoken status. */
export const LeaderboardTableSkeleton = () => (
  <div className={cx(styles.frame, styles.skeleton)}>
    <Spinner label={texts.common.loading} size="small" />
    {Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <div key={index} className={styles.skeletonRow}>
        <Skeleton circle width="2.25rem" height="2.25rem" />
        <Skeleton circle width="2.25rem" height="2.25rem" />
        <Skeleton height="1rem" className={styles.skeletonName} />
        <Skeleton height="1.25rem" width="3rem" />
      </div>
    ))}
  </div>
);

/**
 * A message in the board's place (it could not be read), in a frame as tall as the loading board,
 * so nothing below moves when the message replaces the loading rows or the board replaces it.
 */
export const LeaderboardTableMessage = ({ children }: { children: ReactNode }) => (
  <div
    className={cx(styles.frame, styles.message)}
    style={{ '--frame-rows': SKELETON_ROWS } as CSSProperties}
  >
    {children}
  </div>
);
