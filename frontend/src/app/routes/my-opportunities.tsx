import { texts } from '@campus/contracts';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { ClipboardIcon } from '@/components/ui/icons';

/** /my-opportunities until its screen arrives. */
export const MyOpportunitiesRoute = () => (
  <ComingSoon title={texts.pages.myOpportunities} icon={ClipboardIcon} />
);
