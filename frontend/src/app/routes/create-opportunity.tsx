import { texts } from '@campus/contracts';
import { useLocation } from 'react-router-dom';
import { CreateOpportunityForm } from '@/features/create-opportunity/components/create-opportunity-form';
import { cloneFromState } from '@/features/create-opportunity/utils/form-values';
import { usePageTitle } from '../page-title';

/** /create-opportunity; Clone Opportunity arrives with `{ clone: opportunity }` as navigation state. */
export const CreateOpportunityRoute = () => {
  const location = useLocation();
  usePageTitle(texts.pages.createOpportunity);
  const clone = cloneFromState(location.state);
  return <CreateOpportunityForm key={location.key} clone={clone} />;
};
