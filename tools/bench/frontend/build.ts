import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const FRONTEND_DIR = resolve(import.meta.dirname, '../../../frontend');

/** Routes a signed-out visitor opens: they do not load the signed-in shell (signed-in-root). */
const SIGNED_OUT_ROUTES = new Set(['login', 'register', 'about-us', 'signed-in-root']);

/**
 * `npx vite build` of the UI into `outDir`, with its manifest, as `infra/scripts/start.sh` builds
 * it. `authMode` 'emulator' is the demo's build (sign-in through the Auth emulator); 'firebase' is
 * what a production deployment ships (Google sign-in, no emulator dialog).
 */
export const buildUi = async (
  outDir: string,
  auth: { mode: 'emulator'; emulatorUrl: string } | { mode: 'firebase' },
): Promise<void> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VITE_AUTH_MODE: auth.mode,
    ...(auth.mode === 'emulator' ? { VITE_AUTH_EMULATOR_URL: auth.emulatorUrl } : {}),
  };
  await promisify(execFile)(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--manifest', '--outDir', outDir],
    { cwd: FRONTEND_DIR, env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
  );
};

/** What a first visit to one route downloads, as paths under the build folder. */
export type RouteFiles = {
  readonly route: string;
  /** The document, its plain scripts, the entry with its static imports, the shell and the route. */
  readonly files: readonly string[];
  /** The route's own chunks and CSS (what is not in the entry's closure). */
  readonly own: readonly string[];
};

export type BuildLayout = {
  /** index.html and the scripts it loads from outside assets/ (public files). */
  readonly document: readonly string[];
  readonly entry: readonly string[];
  readonly routes: readonly RouteFiles[];
};

/** The plain `<script src>` files index.html names outside assets/ (copied from public/). */
const documentScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((file) => file !== '' && !file.startsWith('assets/'));

/** Reads the build's manifest: per route, the files a first visit to it downloads. */
export const readLayout = async (outDir: string): Promise<BuildLayout> => {
  const manifest = JSON.parse(
    await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  /** The files a chunk brings: itself, its CSS and its static imports, transitively. */
  const closure = (key: string, files = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('the build has no entry chunk');
  const entry = closure(entryKey);
  const document = [
    'index.html',
    ...documentScripts(await readFile(join(outDir, 'index.html'), 'utf8')),
  ];
  const shellKey = Object.keys(manifest).find((k) => k.endsWith('routes/signed-in-root.tsx'));
  const routes = Object.entries(manifest)
    .filter(([key, c]) => c.isDynamicEntry && /src\/app\/routes\/[^/]+\.tsx$/.test(key))
    .map(([key]) => ({ key, route: key.replace(/^.*routes\/|\.tsx$/g, '') }))
    .filter(({ route }) => route !== 'signed-in-root')
    .map(({ key, route }) => {
      const files = new Set([...document, ...entry]);
      if (shellKey && !SIGNED_OUT_ROUTES.has(route)) closure(shellKey, files);
      closure(key, files);
      const own = [...closure(key)].filter((f) => !entry.has(f));
      return { route, files: [...files], own };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  return { document, entry: [...entry], routes };
};
