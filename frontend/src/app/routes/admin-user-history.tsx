import { useParams } from 'react-router-dom';
import { UserHistory } from '@/features/audit/components/user-history';

/** /admin/users/:id/history (admins only, see RequireAdmin): a user's point history. */
export const AdminUserHistoryRoute = () => {
  const { id = '' } = useParams();
  return <UserHistory key={id} userId={id} />;
};
