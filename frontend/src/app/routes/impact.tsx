import { texts } from '@campus/contracts';
import { ImpactDashboard } from '@/features/impact/components/impact-dashboard';
import { usePageTitle } from '../page-title';

/** /impact: admins, and hosts for the organizations they host (the page tells anyone else). */
export const ImpactRoute = () => {
  usePageTitle(texts.impact.ui.title);
  return <ImpactDashboard />;
};
