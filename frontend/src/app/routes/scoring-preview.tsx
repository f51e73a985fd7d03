import { texts } from '@campus/contracts';
import { ScoringPreview } from '@/features/scoring-preview/components/scoring-preview';
import { usePageTitle } from '../page-title';

/** /admin/scoring-preview (admins only, see RequireAdmin). */
export const ScoringPreviewRoute = () => {
  usePageTitle(texts.pages.scoringPreview);
  return <ScoringPreview />;
};
