import { texts } from '@campus/contracts';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { UsersIcon } from '@/components/ui/icons';

/** /group-detail/{id} until its screen arrives. */
export const GroupDetailRoute = () => (
  <ComingSoon title={texts.pages.groupDetail} icon={UsersIcon} />
);
