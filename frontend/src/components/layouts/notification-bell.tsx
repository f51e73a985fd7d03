import { texts } from '@campus/contracts';
import { NavLink } from 'react-router-dom';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import styles from './notification-bell.module.css';

type NotificationBellProps = {
  /** Pending friend requests; no badge when null (unknown or failed) or 0. */
  count: number | null;
  className?: string;
};

const BADGE_MAX = 99;

/** The header's bell: a link to /notifications with the pending friend request count. */
export const NotificationBell = ({ count, className }: NotificationBellProps) => {
  const pending = count ?? 0;
  return (
    <NavLink
      to={paths.notifications.getHref()}
      className={({ isActive }) => cx(styles.bell, isActive && styles.active, className)}
      aria-label={pending > 0 ? texts.nav.notificationsPending(pending) : texts.nav.notifications}
      title={texts.nav.notifications}
    >
      <BellIcon size={22} />
      {pending > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {pending > BADGE_MAX ? `${BADGE_MAX}+` : pending}
        </span>
      ) : null}
    </NavLink>
  );
};
