import { texts } from '@campus/contracts';
import { CalendarSubscriptionPanel } from '@/features/calendar/components/calendar-subscription';
import { MyOpportunitiesScreen } from '@/features/opportunities/components/my-opportunities';
import { usePageTitle } from '../page-title';

/** /my-opportunities, with the calendar subscription under the registered opportunities. */
export const MyOpportunitiesRoute = () => {
  usePageTitle(texts.pages.myOpportunities);
  return <MyOpportunitiesScreen calendar={<CalendarSubscriptionPanel />} />;
};
