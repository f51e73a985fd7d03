import { MyOpportunitiesScreen } from '@/features/opportunities/components/my-opportunities';

/** /my-opportunities */
export const MyOpportunitiesRoute = () => <MyOpportunitiesScreen />;
