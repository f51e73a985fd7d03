import { startScoringPreviewSchema } from '../commands/scoring';
import { jobAcceptedSchema } from '../queries/operations';
import { scoringPreviewStatusSchema } from '../queries/scoring';
import { route } from './route';

/**
 * Scoring preview: admins replay the history with a draft of the bonus and badge thresholds into
 * a shadow model and compare. Read-only: nothing is applied.
 */
export const scoringRoutes = {
  startScoringPreview: route({
    method: 'POST',
    path: '/api/scoring/previews',
    auth: 'admin',
    body: startScoringPreviewSchema,
    response: jobAcceptedSchema,
  }),
  getScoringPreview: route({
    method: 'GET',
    path: '/api/scoring/previews/:id',
    auth: 'admin',
    response: scoringPreviewStatusSchema,
  }),
};
