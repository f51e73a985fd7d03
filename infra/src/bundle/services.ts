import { existsSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

/** The repository's root folder (this file is infra/src/bundle/services.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type ServiceBundle = {
  /** What the bundle runs, as operators name it. */
  readonly name: string;
  /** The entry point, from the repository root. */
  readonly entry: string;
  /** The built file, from the repository root: `node --enable-source-maps <outfile>`. */
  readonly outfile: string;
};

/**
 * Every Node program of the product, each built into the dist/ folder of the workspace it belongs
 * to, so that it finds its packages in node_modules as its sources do (a workspace's own
 * node_modules first: express 5 lives there, while the root holds another major version).
 */
export const SERVICE_BUNDLES: readonly ServiceBundle[] = [
  {
    name: 'command-service',
    entry: 'command-service/src/main.ts',
    outfile: 'command-service/dist/main.js',
  },
  {
    name: 'query-service',
    entry: 'query-service/src/main.ts',
    outfile: 'query-service/dist/main.js',
  },
  {
    name: 'projection-worker',
    entry: 'projection-worker/src/main.ts',
    outfile: 'projection-worker/dist/main.js',
  },
  {
    name: 'operator',
    entry: 'projection-worker/src/cli/main.ts',
    outfile: 'projection-worker/dist/operator.js',
  },
  { name: 'gateway', entry: 'infra/src/gateway/main.ts', outfile: 'infra/dist/gateway.js' },
  { name: 'migrate', entry: 'infra/src/db/migrate-cli.ts', outfile: 'infra/dist/migrate.js' },
];

/** The workspace packages, bundled from their TypeScript sources; every other package is not. */
const WORKSPACE_SCOPE = '@campus/';

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export const packageNameOf = (specifier: string): string => {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
};

/**
 * Leaves every third-party package (and Node's own modules) out of the bundle: they are imported
 * from node_modules at run time. Workspace packages resolve as usual and are bundled.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The folder of package `name` as Node finds it from `fromDir` (the nearest node_modules), or null. */
export const findPackageDir = (fromDir: string, name: string): string | null => {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return null;
  }
};

/** The `dependencies` of the package.json nearest `fromDir` (the workspace a source belongs to). */
const dependenciesOf = (fromDir: string): ReadonlySet<string> => {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      return new Set(Object.keys(manifest.dependencies ?? {}));
    }
    if (dirname(dir) === dir) return new Set();
  }
};

/**
 * What would make a bundle fail where only production dependencies are installed, or load another
 * copy of a package than its sources do. For each third-party package left in `outfile`, each
 * source that imports it must declare it in its workspace's `dependencies` (not devDependencies),
 * and the package found from the bundle's folder must be the one found from the source (a
 * workspace's own node_modules can hold another version than the root's).
 */
const packageProblems = (root: string, metafile: Metafile, outfile: string): readonly string[] => {
  const output = metafile.outputs[relative(root, outfile)];
  if (!output) return [`${outfile}: not in esbuild's metafile`];
  const imported = new Set(
    output.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path),
  );
  const problems = new Map<string, string>();
  const outDir = dirname(outfile);
  const bundle = relative(root, outfile);
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const sourceDir = dirname(resolve(root, input));
    for (const { path, external } of imports) {
      if (!external || !imported.has(path)) continue;
      const name = packageNameOf(path);
      if (!dependenciesOf(sourceDir).has(name)) {
        problems.set(
          `undeclared ${name} ${input}`,
          `${bundle}: ${input} imports '${name}', which its package.json does not list in "dependencies"`,
        );
      }
      const fromSource = findPackageDir(sourceDir, name);
      const fromBundle = findPackageDir(outDir, name);
      if (fromSource !== fromBundle) {
        problems.set(
          `resolution ${name}`,
          `${bundle}: '${name}' resolves to ${String(fromBundle)} from the bundle but to ${String(fromSource)} from ${input}`,
        );
      }
    }
  }
  return [...problems.values()];
};

export type BuiltBundle = ServiceBundle & {
  /** Absolute path of the built file. */
  readonly path: string;
  readonly bytes: number;
  /** Third-party packages it imports at run time. */
  readonly packages: readonly string[];
};

/**
 * Bundles every program of SERVICE_BUNDLES (ESM, Node 20, linked source maps) after emptying the
 * dist/ folders they are written to. Throws when a bundle would miss a package in production or
 * load another copy of it than its sources (see `packageProblems`).
 */
export const buildServices = async (
  options: { readonly root?: string } = {},
): Promise<readonly BuiltBundle[]> => {
  const root = options.root ?? REPO_ROOT;
  for (const dir of new Set(SERVICE_BUNDLES.map((b) => dirname(resolve(root, b.outfile))))) {
    rmSync(dir, { recursive: true, force: true });
  }
  const built: BuiltBundle[] = [];
  const problems: string[] = [];
  for (const bundle of SERVICE_BUNDLES) {
    const outfile = resolve(root, bundle.outfile);
    const result = await build({
      absWorkingDir: root,
      entryPoints: [resolve(root, bundle.entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      keepNames: true,
      metafile: true,
      logLevel: 'warning',
      plugins: [externalPackages],
    });
    problems.push(...packageProblems(root, result.metafile, outfile));
    const output = result.metafile.outputs[relative(root, outfile)];
    const packages = new Set(
      (output?.imports ?? [])
        .filter((i) => i.external && !isBuiltin(i.path))
        .map((i) => packageNameOf(i.path)),
    );
    built.push({
      ...bundle,
      path: outfile,
      bytes: statSync(outfile).size,
      packages: [...packages].sort(),
    });
  }
  if (problems.length) {
    throw new Error(
      `The bundles would not load their packages as the sources do:\n${problems.join('\n')}`,
    );
  }
  return built;
};
