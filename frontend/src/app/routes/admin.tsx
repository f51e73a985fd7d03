import { AdminPanel } from '@/features/admin/components/admin-panel';

/** /admin (admins only, see RequireAdmin). */
export const AdminRoute = () => <AdminPanel />;
