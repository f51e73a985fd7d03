import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { routes as contractRoutes } from '@campus/contracts';
import react from '@vitejs/plugin-react';
import { loadEnv, runnerImport, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8080';
const PROXIED_PREFIXES = ['/api', '/upload', '/files'];

/** What the gateway serves precompressed (infra/src/gateway/compression.ts lists the same). */
const PRECOMPRESSED = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
]);
/** Below this, compression saves less than a network packet (the gateway's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli, best quality) and `<file>.gz` (gzip level 9) beside each compressible
 * file of the build, so the gateway sends them without compressing anything per request: Brotli's
 * best quality takes far too long to run on each request, and is worth about a fifth of gzip's size.
 */
const precompress = (): Plugin => {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'campus-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const files = (await readdir(outDir, { recursive: true })).filter((file) =>
        PRECOMPRESSED.has(extname(file)),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          if (content.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
};

/** The page most first visits land on: '/' sends everyone not signed in to /login. */
const FIRST_ROUTE = 'src/app/routes/login.tsx';

/**
 * Lets the browser fetch the first route's chunks and styles together with the entry, instead of
 * discovering them only once the entry has run (a round trip later, before the sign-in page can
 * paint). Links, not scripts: the Content-Security-Policy stays as it is.
 */
const preloadFirstRoute = (): Plugin => ({
  name: 'campus-preload-first-route',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) => {
      const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
      const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(FIRST_ROUTE));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!route || !entry) return [];
      const loaded = new Set([entry.fileName, ...entry.imports]);
      const scripts = [route.fileName, ...route.imports].filter((file) => !loaded.has(file));
      const styles = [...(route.viteMetadata?.importedCss ?? [])];
      return [
        ...scripts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        })),
        ...styles.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
});

/**
 * What the API client needs to send a call (method, path, who may call), without the routes
 * table's zod schemas: a request goes out while those are still loading and being built, and only
 * its answer waits for them (src/lib/api-client.ts).
 */
const routeIndexOf = (routes: typeof contractRoutes) =>
  Object.fromEntries(
    Object.entries(routes).map(([name, route]) => [
      name,
      { method: route.method, path: route.path, auth: route.auth },
    ]),
  );

/** A route's own module: kept as the chunk its route loads (the bench and the preloads find it). */
const ROUTE_MODULE = /src[\\/]app[\\/]routes[\\/][^\\/]+\.tsx$/;
/** The UI's shared parts: components, helpers and the features' calls, utilities and components. */
const SHARED_UI =
  /frontend[\\/]src[\\/](components|lib|app[\\/]page-title|features[\\/][^\\/]+[\\/](api|utils|components))[\\/]/;

/** The static import closures of the signed-in shell and of the sign-in page. */
const closures = { shell: new Set<string>(), login: new Set<string>() };
const CLOSURE_ROOTS = [
  ['shell', 'src/app/routes/signed-in-root.tsx'],
  ['login', 'src/app/routes/login.tsx'],
] as const;

/** Fills `closures` once the module graph is known (before the chunks are made). */
const routeClosures = (): Plugin => ({
  name: 'campus-route-closures',
  apply: 'build',
  buildEnd() {
    const ids = [...this.getModuleIds()];
    for (const [name, suffix] of CLOSURE_ROOTS) {
      const closure = closures[name];
      closure.clear();
      const stack = ids.filter((id) => id.endsWith(suffix));
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (closure.has(id)) continue;
        closure.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    }
  },
});

/**
 * Fewer, larger chunks. Left to itself the bundler cut a signed-in page into about 50 files of
 * 1–3 kB, and over HTTP/1.1 (what the gateway speaks without TLS) a phone fetches six at a time,
 * one round trip each: that queue held the page's content back by about half a second
 * (Lighthouse mobile, bench/results.md, fifth round). Now: the entry with everything it imports
 * statically; the contracts' schemas with zod (the routes table needs them all after sign-in);
 * the signed-in shell; and the UI's parts that two routes or more share, except the sign-in
 * page's (it stays small: most first visits land there). Each route keeps its own chunk.
 */
const chunkGroups = () => [
  { name: 'entry', tags: ['$initial' as const], priority: 3 },
  { name: 'schemas', test: /[\\/]contracts[\\/]src[\\/]|node_modules[\\/]zod[\\/]/, priority: 2 },
  {
    name: 'signed-in',
    test: (id: string) => closures.shell.has(id) && !ROUTE_MODULE.test(id),
    priority: 1,
  },
  {
    name: 'common',
    test: (id: string) => SHARED_UI.test(id) && !closures.login.has(id) && !ROUTE_MODULE.test(id),
    minShareCount: 2,
    priority: 0,
  },
];

export default defineConfig(async ({ mode }) => {
  // The contracts are TypeScript: Vite's module runner loads them (plain Node would not).
  const { module: contracts } = await runnerImport<{ routes: typeof contractRoutes }>(
    '@campus/contracts',
    { configFile: false, logLevel: 'silent' },
  );
  const fileEnv = loadEnv(mode, import.meta.dirname, '');
  const gatewayUrl = process.env.GATEWAY_URL ?? fileEnv.GATEWAY_URL ?? DEFAULT_GATEWAY_URL;
  // Production builds sign in with Google unless told otherwise, so the emulator dialog never ships by accident.
  const authMode = fileEnv.VITE_AUTH_MODE || (mode === 'production' ? 'firebase' : 'emulator');
  const proxy = Object.fromEntries(
    PROXIED_PREFIXES.map((prefix) => [prefix, { target: gatewayUrl, changeOrigin: false }]),
  );

  return {
    plugins: [react(), preloadFirstRoute(), precompress(), routeClosures()],
    resolve: { alias: { '@': `${import.meta.dirname}/src` } },
    define: {
      'import.meta.env.VITE_AUTH_MODE': JSON.stringify(authMode),
      __API_ROUTE_INDEX__: JSON.stringify(routeIndexOf(contracts.routes)),
    },
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173, proxy },
    build: {
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: { groups: chunkGroups() },
        },
        treeshake: {
          // contracts' modules only declare things (schemas, texts, rules): a page takes the ones
          // it uses, not the whole package its one entry point re-exports.
          moduleSideEffects: [{ test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
        },
      },
    },
    test: {
      name: 'frontend',
      environment: 'jsdom',
      include: ['src/**/*.spec.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
    },
  };
});
