// @vitest-environment node
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@/content/demo-accounts';
import { emulatorSignInTexts } from '@/features/auth/components/emulator-sign-in-texts';

const frontendRoot = join(import.meta.dirname, '..', '..');
const outDirs: string[] = [];

/** Builds the app as `vite build` would, with the given auth mode, into a new folder. */
const buildInto = async (
  authMode: 'emulator' | 'firebase',
  options: { sourcemap?: boolean } = {},
): Promise<string> => {
  const outDir = await mkdtemp(join(tmpdir(), `campus-build-${authMode}-`));
  outDirs.push(outDir);
  const previous = process.env.VITE_AUTH_MODE;
  process.env.VITE_AUTH_MODE = authMode;
  try {
    await build({
      root: frontendRoot,
      configFile: join(frontendRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: options.sourcemap ?? false, manifest: true },
    });
  } finally {
    if (previous === undefined) delete process.env.VITE_AUTH_MODE;
    else process.env.VITE_AUTH_MODE = previous;
  }
  return outDir;
};

/** All text the build emitted. */
const buildApp = async (authMode: 'emulator' | 'firebase'): Promise<string> => {
  const outDir = await buildInto(authMode);
  const files = await readdir(outDir, { recursive: true });
  const texts = await Promise.all(
    files
      .filter((file) => /\.(js|html|css)$/.test(file))
      .map((file) => readFile(join(outDir, file), 'utf8')),
  );
  return texts.join('\n');
};

const emulatorOnlyTexts = [
  emulatorSignInTexts.title,
  emulatorSignInTexts.description,
  ...demoAccounts.map((account) => account.email),
];

afterAll(async () => {
  await Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('production build', () => {
  it('contains the emulator sign-in dialog when built for the emulator', async () => {
    const output = await buildApp('emulator');
    expect(emulatorOnlyTexts.filter((text) => !output.includes(text))).toEqual([]);
  }, 120_000);

  it('leaves the emulator sign-in dialog out when built with VITE_AUTH_MODE=firebase', async () => {
    const output = await buildApp('firebase');
    expect(output.includes('Sign in with university email')).toBe(true);
    expect(emulatorOnlyTexts.filter((text) => output.includes(text))).toEqual([]);
  }, 120_000);

  it('loads a signed-in page in a few files, and the sign-in page without the schemas', async () => {
    const outDir = await buildInto('firebase', { sourcemap: true });
    const manifest = JSON.parse(
      await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    /** The scripts a route's first visit runs: its chunk and its static imports, transitively. */
    const scripts = (key: string, found = new Set<string>()): Set<string> => {
      const chunk = manifest[key];
      if (!chunk || found.has(chunk.file)) return found;
      found.add(chunk.file);
      for (const imported of chunk.imports ?? []) scripts(imported, found);
      return found;
    };
    const shell = scripts('src/app/routes/signed-in-root.tsx');
    const page = scripts('src/app/routes/opportunities.tsx', new Set(shell));
    const login = scripts('src/app/routes/login.tsx');
    expect(page.size).toBeGreaterThan(0);
    expect(login.size).toBeGreaterThan(0);
    expect(page.size).toBeLessThanOrEqual(7);
    // The chunk's name without its content hash (`assets/<name>-<hash8>.js`): a hash may spell "zod".
    const chunkName = (file: string): string => file.replace(/-[\w-]{8}\.js$/, '');
    expect([...login].filter((file) => /schemas|zod/.test(chunkName(file)))).toEqual([]);
    // Nor inside them: a module of the first scripts that builds a zod schema as it loads pulls
    // zod into the entry (about 25 kB gzipped). Each script's source map names its modules.
    const sources = await Promise.all(
      [...login].map(async (file) => {
        const map = JSON.parse(await readFile(join(outDir, `${file}.map`), 'utf8')) as {
          sources: string[];
        };
        return map.sources;
      }),
    );
    expect(sources.flat().filter((source) => /node_modules\/zod\//.test(source))).toEqual([]);
  }, 120_000);
});
