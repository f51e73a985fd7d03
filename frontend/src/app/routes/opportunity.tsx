import { useParams } from 'react-router-dom';
import { OpportunityDetailScreen } from '@/features/opportunities/components/opportunity-detail';

/** /opportunity/{id} */
export const OpportunityRoute = () => {
  const { id = '' } = useParams();
  // A new id is a new screen: no state (dialogs, pending checks) carries over.
  return <OpportunityDetailScreen key={id} id={id} />;
};
