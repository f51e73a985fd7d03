import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { fmt, type BenchModule, type BenchRow } from './shared/report';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** Routes rendered inside the signed-in shell (they also load signed-in-root). */
const SIGNED_OUT_ROUTES = new Set(['login', 'register', 'about-us', 'signed-in-root']);
const INITIAL_ROUTE = 'login';
const TARGET_BYTES = 200 * 1024;

/**
 * 7. Frontend: a production build into a temporary folder; per route the gzip size of what a first
 * visit to it downloads (the entry with its static imports, the shell, the route's chunks and CSS).
 */
export const frontendBench: BenchModule = {
  name: 'frontend',
  title: 'Frontend bundles',
  async run() {
    const outDir = await mkdtemp(join(tmpdir(), 'campus-bench-frontend-'));
    try {
      await promisify(execFile)(
        'npm',
        ['run', 'build', '-w', 'frontend', '--', '--outDir', outDir, '--emptyOutDir', '--manifest'],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      const manifest = JSON.parse(
        await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const gz = new Map<string, number>();
      const sizeOf = async (file: string) => {
        let size = gz.get(file);
        if (size === undefined) {
          size = gzipSync(await readFile(join(outDir, file)), { level: 9 }).length;
          gz.set(file, size);
        }
        return size;
      };
      /** The files a chunk brings: itself, its CSS and its static imports, transitively. */
      const closure = (key: string, files = new Set<string>()) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return files;
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        for (const imported of chunk.imports ?? []) closure(imported, files);
        return files;
      };
      const total = async (files: Iterable<string>) => {
        let sum = 0;
        for (const file of files) sum += await sizeOf(file);
        return sum;
      };
      const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
      if (!entryKey) throw new Error('the build has no entry chunk');
      const entry = closure(entryKey);
      const shellKey = Object.keys(manifest).find((k) => k.endsWith('routes/signed-in-root.tsx'));
      const routes = Object.entries(manifest)
        .filter(([key, c]) => c.isDynamicEntry && /src\/app\/routes\/[^/]+\.tsx$/.test(key))
        .map(([key]) => ({ key, name: key.replace(/^.*routes\/|\.tsx$/g, '') }));
      const perRoute: { route: string; bytes: number; own: number }[] = [];
      for (const { key, name } of routes) {
        if (name === 'signed-in-root') continue;
        const files = new Set(entry);
        if (shellKey && !SIGNED_OUT_ROUTES.has(name)) closure(shellKey, files);
        closure(key, files);
        const own = [...closure(key)].filter((f) => !entry.has(f));
        perRoute.push({ route: name, bytes: await total(files), own: await total(own) });
      }
      perRoute.sort((a, b) => a.route.localeCompare(b.route));
      const entryBytes = await total(entry);
      const initial = perRoute.find((r) => r.route === INITIAL_ROUTE);
      const largest = perRoute.reduce(
        (a, b) => (b.bytes > a.bytes ? b : a),
        perRoute[0] ?? { route: '', bytes: 0, own: 0 },
      );
      const kb = (n: number) => `${fmt(n / 1024, 1)} kB`;
      const rows: BenchRow[] = [
        {
          measurement: `initial route (/ → /${INITIAL_ROUTE}), gzip`,
          result: initial ? kb(initial.bytes) : 'n/a',
          baseline: `entry chunk and its static imports alone ${kb(entryBytes)}`,
          target: '< 200 kB',
          met: initial ? initial.bytes < TARGET_BYTES : false,
        },
        {
          measurement: `largest route (/${largest.route}), gzip`,
          result: kb(largest.bytes),
          baseline: `its own chunks ${kb(largest.own)}`,
          target: '',
          met: null,
        },
      ];
      return {
        rows,
        notes: [
          `Per route, first visit (entry + shell + route), gzip: ${perRoute.map((r) => `${r.route} ${kb(r.bytes)}`).join(', ')}.`,
        ],
        raw: { entryBytes, perRoute, files: Object.fromEntries(gz) },
      };
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  },
};
