import { stat } from 'node:fs/promises';
import path from 'node:path';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Compression of what the gateway sends.
 *
 * The UI's files are compressed once, when Vite builds them (frontend/vite.config.ts writes a
 * `.br` and a `.gz` beside each compressible file): the gateway sends the variant the browser
 * accepts, which costs no CPU per request and gets Brotli's best ratio, far too slow to run on
 * every request. Everything else (index.html, the services' JSON and CSV answers, problem
 * bodies, source maps) is compressed on the fly by `compression` when it is at least 1 KB, like
 * production's nginx (gzip_min_length 1024): a list of opportunities shrinks several times over
 * for a few hundred microseconds of CPU.
 */

/** The files the build precompresses, by extension (the rest is already compressed or tiny). */
export const PRECOMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
]);

type Encoding = { readonly name: 'br' | 'gzip'; readonly suffix: '.br' | '.gz' };
const BROTLI: Encoding = { name: 'br', suffix: '.br' };
const GZIP: Encoding = { name: 'gzip', suffix: '.gz' };

/** The codings an Accept-Encoding header allows (q=0 refuses one). */
const acceptedCodings = (header: string | undefined): Set<string> => {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
};

/** The precompressed variants the browser accepts, best first. */
const variantsFor = (header: string | undefined): Encoding[] => {
  const accepted = acceptedCodings(header);
  return [BROTLI, GZIP].filter((encoding) => accepted.has(encoding.name));
};

const isFile = async (file: string): Promise<boolean> => {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
};

/**
 * Serves `<file>.br` or `<file>.gz` from `staticDir` in place of `<file>` when the browser accepts
 * that coding and the build wrote it; any other request goes on (to express.static). The answer
 * keeps the original's type and carries the headers `headersFor` gives the original file.
 */
export const precompressedStatic = (
  staticDir: string,
  headersFor: (filePath: string) => Record<string, string>,
): RequestHandler => {
  const root = path.resolve(staticDir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    const file = path.join(root, path.normalize(relative));
    if (
      relative.includes('\0') ||
      !file.startsWith(root + path.sep) ||
      !PRECOMPRESSED_EXTENSIONS.has(path.extname(file))
    ) {
      next();
      return;
    }
    const variants = variantsFor(req.headers['accept-encoding']);
    void (async () => {
      // The original must exist too: a stray .br never answers for a deleted file.
      if (variants.length === 0 || !(await isFile(file))) return next();
      for (const encoding of variants) {
        if (!(await isFile(file + encoding.suffix))) continue;
        res.type(path.extname(file));
        res.sendFile(
          file + encoding.suffix,
          {
            headers: {
              ...headersFor(file),
              'content-encoding': encoding.name,
              vary: 'Accept-Encoding',
            },
            cacheControl: false,
            // A byte range of the compressed file is not a range of the file.
            acceptRanges: false,
            dotfiles: 'deny',
          },
          (error?: Error) => {
            if (error) next(error);
          },
        );
        return;
      }
      next();
    })();
  };
};

/**
 * Never compressed on the fly: event streams (each event must leave as soon as it is written),
 * partial answers (a range of a compressed body is not a range of the file) and anything already
 * compressed (`compression` also skips answers that carry a Content-Encoding).
 */
const compressible = (req: Request, res: Response): boolean => {
  const type = String(res.getHeader('content-type') ?? '').toLowerCase();
  if (type.startsWith('text/event-stream')) return false;
  if (res.statusCode === 206 || res.getHeader('content-range') !== undefined) {
    // The whole answer at this address may be compressed: caches must still key on the encoding.
    res.vary('Accept-Encoding');
    return false;
  }
  return compression.filter(req, res);
};

/**
 * On-the-fly compression of everything else, at least 1 KB: gzip at zlib's default level 6, or
 * Brotli at quality 4 (the package's default: about gzip's CPU for a smaller body) when accepted.
 */
export const compressAnswers = (): RequestHandler =>
  compression({ threshold: 1024, filter: compressible });
