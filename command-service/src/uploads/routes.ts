import { Router } from 'express';
import { routes } from '@campus/contracts';
import { ValidationError } from '../errors';
import { mountRoute, type CommandDeps } from '../http/context';
import { storeImage } from './image-store';
import { multipartForm } from './multipart';

/** POST /upload (outside /api): multipart field `file`, an image checked by content; answers its URL. */
export const uploadsRouter = (deps: CommandDeps): Router => {
  const router = Router();
  mountRoute(
    router,
    routes.upload,
    deps,
    multipartForm(routes.upload.multipart.file),
    async (req, res) => {
      if (!req.file)
        throw new ValidationError('Choose a file to upload', [
          { field: 'file', message: 'A file is required' },
        ]);
      res.status(201).json({ url: await storeImage(deps.uploadDir, req.file.buffer) });
    },
  );
  return router;
};
