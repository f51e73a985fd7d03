import { useLocation } from 'react-router-dom';
import { CreateOpportunityForm } from '@/features/create-opportunity/components/create-opportunity-form';
import { cloneFromState } from '@/features/create-opportunity/utils/form-values';

/** /create-opportunity; Clone Opportunity arrives with `{ clone: opportunity }` as navigation state. */
export const CreateOpportunityRoute = () => {
  const location = useLocation();
  const clone = cloneFromState(location.state);
  return <CreateOpportunityForm key={location.key} clone={clone} />;
};
