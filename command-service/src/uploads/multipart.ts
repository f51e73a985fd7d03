import type { RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { MAX_UPLOAD_BYTES } from '@campus/contracts';
import { PayloadTooLargeError, ValidationError } from '../errors';

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 100, fieldSize: 64 * 1024 },
});

/** Parses a multipart form with at most one file in `field`; size and shape errors become 413/400. */
export const multipartForm =
  (field: string): RequestHandler =>
  (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    parser.single(field)(req, res, (error: unknown) => {
      if (error instanceof MulterError) {
        next(
          error.code === 'LIMIT_FILE_SIZE'
            ? new PayloadTooLargeError('The file is larger than 5 MB')
            : new ValidationError(`Invalid upload: ${error.message}`, [
                { field: error.field ?? field, message: error.message },
              ]),
        );
        return;
      }
      // The form parser's own errors (no boundary, a cut-off body, a bad part header) are the
      // sender's malformed form, never a server fault.
      next(
        error === undefined
          ? undefined
          : new ValidationError('Invalid upload: the form could not be read', [
              { field, message: 'must be a well-formed multipart form' },
            ]),
      );
    });
  };
