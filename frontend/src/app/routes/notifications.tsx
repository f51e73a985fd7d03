import { texts } from '@campus/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FriendRequestList } from '@/features/friends/components/friend-request-list';
import { WaitlistPromotions } from '@/features/opportunities/components/waitlist-promotions';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { HoursDecisions } from '@/features/service-hours/components/hours-decisions';
import { usePageTitle } from '../page-title';
import styles from './notifications.module.css';

/**
 * /notifications: friend requests received, each with Accept and Decline; then the decisions on
 * the person's logged service hours and their waitlist promotions.
 */
export const NotificationsRoute = () => {
  const notifications = useNotifications();
  usePageTitle(texts.pages.notifications);
  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <div className={styles.header}>
        {/* Takes focus after a navigation to this page. */}
        <h1 id="notifications-title" className={styles.title} tabIndex={-1}>
          {texts.groups.notifications.title}
        </h1>
        <p className={styles.subtitle}>{texts.groups.notifications.subtitle}</p>
      </div>
      <section className={styles.section} aria-labelledby="friend-requests-title">
        <h2 id="friend-requests-title" className={styles.sectionTitle}>
          {texts.groups.notifications.friendRequests}
          {notifications.data && notifications.data.count > 0 ? (
            <span className={styles.count}>{notifications.data.count}</span>
          ) : null}
        </h2>
        {notifications.isPending ? (
          <div className={styles.status}>
            <Spinner label={texts.common.loading} />
          </div>
        ) : notifications.isError ? (
          <div className={styles.status}>
            <Alert>{texts.groups.notifications.loadFailed}</Alert>
            <Button variant="secondary" size="small" onClick={() => void notifications.refetch()}>
              {texts.common.retry}
            </Button>
          </div>
        ) : (
          <FriendRequestList requests={notifications.data.friend_requests} />
        )}
      </section>
      <HoursDecisions decisions={notifications.data?.hours_decisions ?? []} />
      <WaitlistPromotions />
    </section>
  );
};
