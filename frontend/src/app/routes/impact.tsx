import { impactTexts } from '@campus/contracts';
import { ImpactDashboard } from '@/features/impact/components/impact-dashboard';
import { usePageTitle } from '../page-title';

/** /impact: admins, and hosts for the organizations they host (the page tells anyone else). */
export const ImpactRoute = () => {
  usePageTitle(impactTexts.ui.title);
  return <ImpactDashboard />;
};
