import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
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

export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, import.meta.dirname, '');
  const gatewayUrl = process.env.GATEWAY_URL ?? fileEnv.GATEWAY_URL ?? DEFAULT_GATEWAY_URL;
  // Production builds sign in with Google unless told otherwise, so the emulator dialog never ships by accident.
  const authMode = fileEnv.VITE_AUTH_MODE || (mode === 'production' ? 'firebase' : 'emulator');
  const proxy = Object.fromEntries(
    PROXIED_PREFIXES.map((prefix) => [prefix, { target: gatewayUrl, changeOrigin: false }]),
  );

  return {
    plugins: [react(), preloadFirstRoute(), precompress()],
    resolve: { alias: { '@': `${import.meta.dirname}/src` } },
    define: {
      'import.meta.env.VITE_AUTH_MODE': JSON.stringify(authMode),
    },
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173, proxy },
    build: {
      sourcemap: true,
      rolldownOptions: {
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
