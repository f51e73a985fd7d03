import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One answer of the gateway as it went over the wire (body bytes still encoded). */
export type Served = {
  readonly path: string;
  readonly status: number;
  /** Content-Encoding, or 'identity' when the body came as it is. */
  readonly encoding: string;
  readonly cacheControl: string;
  /** Bytes of the body as transferred. */
  readonly bytes: number;
  readonly body: Buffer;
};

/**
 * GET `path` from the gateway as a browser asks for it (Accept-Encoding: gzip unless told
 * otherwise; Accept: text/html for a document), without decoding the body, so that its length is
 * what travelled.
 */
export const getServed = (
  baseUrl: string,
  path: string,
  options: { document?: boolean; acceptEncoding?: string } = {},
): Promise<Served> =>
  new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      {
        headers: {
          'accept-encoding': options.acceptEncoding ?? 'gzip',
          accept: options.document ? 'text/html,application/xhtml+xml' : '*/*',
        },
        agent: false,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            path,
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'] ?? 'identity',
            cacheControl: response.headers['cache-control'] ?? '(none)',
            bytes: body.length,
            body,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${path}: no answer within 30 s`)));
    request.on('error', reject);
  });

/** zlib's default level, which the `compression` middleware uses unless told otherwise. */
export const ZLIB_DEFAULT_LEVEL = 6;

/**
 * The gzip levels (1 to 9) that reproduce what the gateway sent for every one of `files` it sent
 * gzipped: each file is compressed here at each level and a level stays while its output is as
 * long as the served body (zlib's output depends only on level and window, not on how the stream
 * was chunked). Neighbouring levels often give the same output (8 and 9): all of them are kept.
 * Empty when nothing came gzipped, or no level fits (precompressed by another tool).
 */
export const servedGzipLevels = (
  files: readonly { served: Served; original: Buffer }[],
): number[] => {
  const gzipped = files.filter((f) => f.served.encoding === 'gzip');
  if (gzipped.length === 0) return [];
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((level) =>
    gzipped.every((f) => gzipSync(f.original, { level }).length === f.served.bytes),
  );
};

/** The gzip size of each file of the build folder at `level`, read once each. */
export const staticGzipSizes = async (
  outDir: string,
  files: Iterable<string>,
  level: number,
): Promise<Map<string, number>> => {
  const sizes = new Map<string, number>();
  for (const file of files) {
    if (!sizes.has(file)) {
      sizes.set(file, gzipSync(await readFile(join(outDir, file)), { level }).length);
    }
  }
  return sizes;
};

const YEAR_SECONDS = 31_536_000;

/** Whether a Cache-Control value keeps a response for at least a year without asking again. */
export const cachedForAYear = (cacheControl: string): boolean => {
  const maxAge = /max-age=(\d+)/.exec(cacheControl)?.[1];
  return (
    maxAge !== undefined &&
    Number(maxAge) >= YEAR_SECONDS &&
    !/no-cache|no-store/.test(cacheControl)
  );
};

/** Whether a Cache-Control value makes the browser revalidate (index.html must not go stale). */
export const revalidated = (cacheControl: string): boolean =>
  /no-cache|no-store|max-age=0\b/.test(cacheControl);
