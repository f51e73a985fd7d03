import { texts } from '@campus/contracts';
import { VerifyHoursScreen } from '@/features/service-hours/components/verify-hours';
import { usePageTitle } from '../page-title';

/**
 * /hours/verify: the logs waiting for the caller's decision. Not an admin route: hosts decide
 * their organizations' logs, and the server answers each caller with the logs they may decide.
 */
export const VerifyHoursRoute = () => {
  usePageTitle(texts.pages.verifyHours);
  return <VerifyHoursScreen />;
};
