import { texts } from '@campus/contracts';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { ShieldIcon } from '@/components/ui/icons';

/** /admin (admins only, see RequireAdmin) until its screen arrives. */
export const AdminRoute = () => <ComingSoon title={texts.pages.admin} icon={ShieldIcon} />;
