import { useParams } from 'react-router-dom';
import { OpportunityHistory } from '@/features/audit/components/opportunity-history';

/** /admin/opportunities/:id/history (admins only, see RequireAdmin): an opportunity's events. */
export const AdminOpportunityHistoryRoute = () => {
  const { id = '' } = useParams();
  return <OpportunityHistory key={id} opportunityId={id} />;
};
