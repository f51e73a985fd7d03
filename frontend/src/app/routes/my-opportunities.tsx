import { texts } from '@campus/contracts';
import { MyOpportunitiesScreen } from '@/features/opportunities/components/my-opportunities';
import { usePageTitle } from '../page-title';

/** /my-opportunities */
export const MyOpportunitiesRoute = () => {
  usePageTitle(texts.pages.myOpportunities);
  return <MyOpportunitiesScreen />;
};
