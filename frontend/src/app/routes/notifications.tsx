import { texts } from '@campus/contracts';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { BellIcon } from '@/components/ui/icons';

/** /notifications until its screen arrives. */
export const NotificationsRoute = () => (
  <ComingSoon title={texts.pages.notifications} icon={BellIcon} />
);
