import { texts } from '@campus/contracts';
import { useParams } from 'react-router-dom';
import { OpportunityHistory } from '@/features/audit/components/opportunity-history';
import { usePageTitle } from '../page-title';

/** /admin/opportunities/:id/history (admins only, see RequireAdmin): an opportunity's events. */
export const AdminOpportunityHistoryRoute = () => {
  const { id = '' } = useParams();
  usePageTitle(texts.pages.eventHistory);
  return <OpportunityHistory key={id} opportunityId={id} />;
};
