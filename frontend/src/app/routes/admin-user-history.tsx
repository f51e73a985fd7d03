import { texts } from '@campus/contracts';
import { useParams } from 'react-router-dom';
import { UserHistory } from '@/features/audit/components/user-history';
import { usePageTitle } from '../page-title';

/** /admin/users/:id/history (admins only, see RequireAdmin): a user's point history. */
export const AdminUserHistoryRoute = () => {
  const { id = '' } = useParams();
  usePageTitle(texts.pages.pointHistory);
  return <UserHistory key={id} userId={id} />;
};
