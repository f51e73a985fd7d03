import { texts } from '@campus/contracts';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { usePageTitle } from '../page-title';

/** /admin (admins only, see RequireAdmin). */
export const AdminRoute = () => {
  usePageTitle(texts.pages.admin);
  return <AdminPanel />;
};
