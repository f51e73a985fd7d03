import { ComingSoon } from '@/components/layouts/coming-soon';
import { ShieldIcon } from '@/components/ui/icons';

/** Admins only (see RequireAdmin): replaced by its screen. */
export const AdminUserHistoryRoute = () => <ComingSoon title="Point history" icon={ShieldIcon} />;
