import { texts } from '@campus/contracts';
import { Operations } from '@/features/operations/components/operations';
import { usePageTitle } from '../page-title';

/** /admin/operations (admins only, see RequireAdmin): projection lag, dead letters, replays. */
export const AdminOperationsRoute = () => {
  usePageTitle(texts.pages.adminOperations);
  return <Operations />;
};
