import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildLayout } from './build';
import {
  cachedForAYear,
  getServed,
  revalidated,
  servedGzipLevels,
  staticGzipSizes,
  ZLIB_DEFAULT_LEVEL,
  type Served,
} from './served';

/** The path a first visit asks for each build file at (the document at the sign-in route). */
const pathOf = (file: string) => (file === 'index.html' ? '/login' : `/${file}`);

export type RouteBytes = {
  readonly route: string;
  /** Body bytes the gateway sent for the route's files, as it encodes them. */
  readonly served: number;
  /** The same files gzipped here at the gateway's level (cross-check). */
  readonly gzip: number;
  /** The same files as built, uncompressed. */
  readonly raw: number;
  /** Body bytes sent to a browser that also accepts Brotli (as Chromium asks). */
  readonly brServed: number;
  /** The route's own chunks (not in the entry's closure), as served. */
  readonly ownServed: number;
};

export type BundleBytes = {
  readonly routes: readonly RouteBytes[];
  /** The entry chunk with its static imports, as served. */
  readonly entryServed: number;
  /** The gzip levels that reproduce what the gateway sent for the assets; empty: none does. */
  readonly servedLevels: readonly number[];
  /** The level the cross-check used: the served one, or zlib's default. */
  readonly staticLevel: number;
  readonly files: Record<
    string,
    { served: number; encoding: string; gzip: number; raw: number; brServed: number }
  >;
};

const sum = (files: Iterable<string>, size: (file: string) => number) => {
  let total = 0;
  for (const file of files) total += size(file);
  return total;
};

/**
 * Every file of every route's first visit fetched from the running gateway (Accept-Encoding:
 * gzip), counted as it travelled; and, as a cross-check, gzipped here at the level the gateway
 * was found to use (zlib's default, 6, when it sent no gzip to learn it from).
 */
export const measureBundles = async (
  gatewayUrl: string,
  outDir: string,
  layout: BuildLayout,
): Promise<BundleBytes> => {
  const all = new Set(layout.routes.flatMap((r) => r.files));
  const served = new Map<string, Served>();
  const brServed = new Map<string, number>();
  const raw = new Map<string, Buffer>();
  for (const file of all) {
    const get = async (acceptEncoding: string) => {
      const answer = await getServed(gatewayUrl, pathOf(file), {
        document: file === 'index.html',
        acceptEncoding,
      });
      if (answer.status !== 200) throw new Error(`GET ${answer.path}: ${String(answer.status)}`);
      return answer;
    };
    served.set(file, await get('gzip'));
    brServed.set(file, (await get('gzip, deflate, br')).bytes);
    raw.set(file, await readFile(join(outDir, file)));
  }
  // The hashed assets (the document is compressed per request, maybe at another level).
  const servedLevels = servedGzipLevels(
    [...all]
      .filter((f) => f.startsWith('assets/'))
      .flatMap((f) => {
        const answer = served.get(f);
        const original = raw.get(f);
        return answer && original ? [{ served: answer, original }] : [];
      }),
  );
  const staticLevel = servedLevels.at(-1) ?? ZLIB_DEFAULT_LEVEL;
  const gzip = await staticGzipSizes(outDir, all, staticLevel);
  const servedOf = (f: string) => served.get(f)?.bytes ?? 0;
  const routes = layout.routes.map((r) => ({
    route: r.route,
    served: sum(r.files, servedOf),
    gzip: sum(r.files, (f) => gzip.get(f) ?? 0),
    raw: sum(r.files, (f) => raw.get(f)?.length ?? 0),
    brServed: sum(r.files, (f) => brServed.get(f) ?? 0),
    ownServed: sum(r.own, servedOf),
  }));
  return {
    routes,
    entryServed: sum(layout.entry, servedOf),
    servedLevels,
    staticLevel,
    files: Object.fromEntries(
      [...all].map((f) => [
        f,
        {
          served: servedOf(f),
          encoding: served.get(f)?.encoding ?? '',
          gzip: gzip.get(f) ?? 0,
          raw: raw.get(f)?.length ?? 0,
          brServed: brServed.get(f) ?? 0,
        },
      ]),
    ),
  };
};

/**
 * The gateway compresses nothing under this many bytes (infra/src/gateway/compression.ts, like
 * nginx's gzip_min_length): a smaller answer fits one packet either way.
 */
const GATEWAY_COMPRESSION_THRESHOLD = 1024;

export type HeaderCheck = {
  readonly html: { encoding: string; cacheControl: string; bytes: number };
  readonly js: { file: string; encoding: string; cacheControl: string };
  readonly css: { file: string; encoding: string; cacheControl: string };
  readonly compressed: boolean;
  readonly cached: boolean;
};

/**
 * The gateway's headers on a first visit to the sign-in page: whether the document, the largest
 * JS and the largest CSS file of the initial route came compressed, whether the hashed assets may
 * be kept a year and whether index.html is revalidated.
 */
export const checkHeaders = async (
  gatewayUrl: string,
  outDir: string,
  layout: BuildLayout,
): Promise<HeaderCheck> => {
  const initial = layout.routes.find((r) => r.route === 'login') ?? layout.routes[0];
  if (!initial) throw new Error('the build has no routes');
  const largest = async (extension: string) => {
    let best = { file: '', size: -1 };
    for (const file of initial.files.filter((f) => f.endsWith(extension))) {
      const size = (await readFile(join(outDir, file))).length;
      if (size > best.size) best = { file, size };
    }
    if (!best.file) throw new Error(`the sign-in page loads no ${extension} file`);
    return best.file;
  };
  const asset = async (file: string) => {
    const answer = await getServed(gatewayUrl, `/${file}`);
    return { file, encoding: answer.encoding, cacheControl: answer.cacheControl };
  };
  const document = await getServed(gatewayUrl, '/login', { document: true });
  const html = {
    encoding: document.encoding,
    cacheControl: document.cacheControl,
    bytes: document.bytes,
  };
  const js = await asset(await largest('.js'));
  const css = await asset(await largest('.css'));
  const isCompressed = (encoding: string) => encoding === 'gzip' || encoding === 'br';
  return {
    html,
    js,
    css,
    // A document under the threshold is rightly sent as it is; one above it must be compressed.
    compressed:
      [js, css].every((a) => isCompressed(a.encoding)) &&
      (isCompressed(html.encoding) || html.bytes < GATEWAY_COMPRESSION_THRESHOLD),
    cached:
      cachedForAYear(js.cacheControl) &&
      cachedForAYear(css.cacheControl) &&
      revalidated(html.cacheControl),
  };
};
