import { resolve } from 'node:path';
import { Router } from 'express';

const STORED_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * GET /files/{name}: uploaded images, read-only. Only names the command service makes are served
 * (no path can climb out of the folder), with a content type from the checked extension.
 */
export const filesRouter = (uploadDir: string): Router => {
  const router = Router();
  const root = resolve(uploadDir);
  router.get('/files/:name', (req, res, next) => {
    const name = req.params.name;
    const ext = STORED_NAME.exec(name)?.[1];
    if (!ext) {
      next();
      return;
    }
    res.set('x-content-type-options', 'nosniff');
    res.set('content-security-policy', "default-src 'none'");
    res.sendFile(
      name,
      {
        root,
        dotfiles: 'deny',
        immutable: true,
        maxAge: '365d',
        headers: { 'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream' },
      },
      (error) => {
        if (error) next();
      },
    );
  });
  return router;
};
