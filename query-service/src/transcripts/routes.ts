import { Router } from 'express';
import { easternToday, routes, texts, transcriptTexts } from '@campus/contracts';
import { ForbiddenError, NotFoundError, requireCaller } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';
import { isSelfOrAdmin } from '../users/queries';
import { renderTranscriptPdf } from './pdf';
import { loadTranscript } from './transcript';

/** The service transcript PDF: the student's own, or any student's for admins. */
export const transcriptsQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();

  mountQuery(router, routes.getServiceTranscript, deps, async (req, res) => {
    const id = idParam(req);
    if (!id) throw new NotFoundError(texts.notFound.user);
    if (!isSelfOrAdmin(requireCaller(req), id))
      throw new ForbiddenError('Only the student and admins can download a service transcript.');
    const transcript = await loadTranscript(deps.pool, id);
    if (!transcript) throw new NotFoundError(texts.notFound.user);
    const pdf = await renderTranscriptPdf(transcript, easternToday(deps.clock.now()));
    res
      .type('application/pdf')
      .attachment(transcriptTexts.fileName(id))
      .set('cache-control', 'private, no-store')
      .send(pdf);
  });

  return router;
};
