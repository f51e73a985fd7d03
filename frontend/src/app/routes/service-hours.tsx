import { texts } from '@campus/contracts';
import { ServiceHoursScreen } from '@/features/service-hours/components/service-hours';
import { usePageTitle } from '../page-title';

/** /hours: service logged off the platform, and the Log hours form (docs/service-hours.md). */
export const ServiceHoursRoute = () => {
  usePageTitle(texts.pages.serviceHours);
  return <ServiceHoursScreen />;
};
