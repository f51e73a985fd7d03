import { texts } from '@campus/contracts';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { UsersIcon } from '@/components/ui/icons';

/** /groups until its screen arrives. */
export const GroupsRoute = () => <ComingSoon title={texts.pages.groups} icon={UsersIcon} />;
