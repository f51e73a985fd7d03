import { texts } from '@campus/contracts';
import { useParams } from 'react-router-dom';
import { useOpportunity } from '@/features/opportunities/api/get-opportunity';
import { OpportunityDetailScreen } from '@/features/opportunities/components/opportunity-detail';
import { usePageTitle } from '../page-title';

/** /opportunity/{id} */
export const OpportunityRoute = () => {
  const { id = '' } = useParams();
  // The screen's own query: the name once it has loaded, no second request.
  usePageTitle(useOpportunity(id).data?.name ?? texts.pages.opportunity);
  // A new id is a new screen: no state (dialogs, pending checks) carries over.
  return <OpportunityDetailScreen key={id} id={id} />;
};
