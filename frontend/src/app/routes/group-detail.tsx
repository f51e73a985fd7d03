import { texts } from '@campus/contracts';
import { useParams } from 'react-router-dom';
import { useOrganization } from '@/features/organizations/api/get-organization';
import { OrganizationDetail } from '@/features/organizations/components/organization-detail';
import { usePageTitle } from '../page-title';

/** /group-detail/{id}: the organization detail screen. */
export const GroupDetailRoute = () => {
  const { id = '' } = useParams();
  // The screen's own query: the name once it has loaded, no second request.
  usePageTitle(useOrganization(id).data?.name ?? texts.pages.groupDetail);
  // A new id is a new screen: no state (a confirmation, an error) carries over.
  return <OrganizationDetail key={id} organizationId={id} />;
};
