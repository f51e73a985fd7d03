import { useParams } from 'react-router-dom';
import { OrganizationDetail } from '@/features/organizations/components/organization-detail';

/** /group-detail/{id}: the organization detail screen. */
export const GroupDetailRoute = () => {
  const { id = '' } = useParams();
  // A new id is a new screen: no state (a confirmation, an error) carries over.
  return <OrganizationDetail key={id} organizationId={id} />;
};
