import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '@campus/contracts';
import { PayloadTooLargeError, ValidationError } from '../errors';

/** Image types accepted, recognised by their first bytes (never by the name or the declared type). */
const SIGNATURES: readonly { ext: string; test: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const NOT_AN_IMAGE = 'The file must be an image (PNG, JPEG, GIF or WebP)';

const detectImageType = (bytes: Buffer): string | null =>
  SIGNATURES.find((s) => s.test(bytes))?.ext ?? null;

/** URL prefix under which the query service serves stored files. */
export const FILES_URL_PREFIX = '/files/';

/** Stores an uploaded image under a fresh name and returns its URL; refuses anything else. */
export const storeImage = async (uploadDir: string, bytes: Buffer): Promise<string> => {
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new PayloadTooLargeError('The file is larger than 5 MB');
  const ext = detectImageType(bytes);
  if (!ext) throw new ValidationError(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
  await mkdir(uploadDir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await writeFile(join(uploadDir, name), bytes, { flag: 'wx' });
  return `${FILES_URL_PREFIX}${name}`;
};
