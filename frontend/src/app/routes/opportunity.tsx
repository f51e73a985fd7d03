import { texts } from '@campus/contracts';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { CalendarIcon } from '@/components/ui/icons';

/** /opportunity/{id} until its screen arrives. */
export const OpportunityRoute = () => (
  <ComingSoon title={texts.pages.opportunity} icon={CalendarIcon} />
);
