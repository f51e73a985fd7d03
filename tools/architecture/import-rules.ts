import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The packages of the house and the packages each may import (docs/architecture.md). Imports run
 * one way, down: a package never imports one above it or beside it, and the three services never
 * import one another. What is not listed is forbidden.
 */
export const ALLOWED_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  contracts: [],
  infra: ['contracts'],
  'read-model': ['contracts', 'infra'],
  'command-service': ['contracts', 'infra', 'read-model'],
  'projection-worker': ['contracts', 'infra', 'read-model'],
  'query-service': ['contracts', 'infra', 'read-model'],
  frontend: ['contracts'],
  tools: [
    'contracts',
    'infra',
    'read-model',
    'command-service',
    'projection-worker',
    'query-service',
    'frontend',
  ],
  'system-tests': [
    'contracts',
    'infra',
    'read-model',
    'command-service',
    'projection-worker',
    'query-service',
    'frontend',
    'tools',
  ],
};

/** One import of one file, resolved to a file of the house where it names one. */
export type ImportEdge = {
  readonly from: string;
  readonly specifier: string;
  /** The file it names, relative to the root; null for an npm package or a file of no house. */
  readonly to: string | null;
  /** `import type` / `export type`: erased from the program, loads nothing when it runs. */
  readonly typeOnly?: boolean;
};

export type Violation = { readonly from: string; readonly specifier: string; readonly why: string };

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'artifacts', 'var', '.git']);

/** Every TypeScript file of the packages, tests included, relative to `root`. */
export const listSources = (root: string): string[] => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (SKIPPED_FOLDERS.has(name)) continue;
      const relative = dir ? `${dir}/${name}` : name;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(relative);
    }
  };
  for (const pkg of Object.keys(ALLOWED_IMPORTS)) {
    if (existsSync(path.join(root, pkg))) walk(pkg);
  }
  return files.sort();
};

export const packageOf = (file: string): string => file.split('/')[0] ?? '';

type PackageFaces = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** Each package's faces: its package.json `exports`, subpath to file. */
const readFaces = (root: string): PackageFaces =>
  new Map(
    Object.keys(ALLOWED_IMPORTS).flatMap((pkg) => {
      const manifest = path.join(root, pkg, 'package.json');
      if (!existsSync(manifest)) return [];
      const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        exports?: Record<string, string>;
      };
      const faces = new Map(
        Object.entries(exports ?? {}).map(([subpath, target]) => [
          subpath,
          path.posix.join(pkg, target),
        ]),
      );
      return [[pkg, faces] as const];
    }),
  );

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

const resolveFile = (root: string, base: string): string | null => {
  const bare = base.replace(/\.js$/, '');
  for (const suffix of CANDIDATES) {
    const candidate = `${bare}${suffix}`;
    const full = path.join(root, candidate);
    if (SOURCE.test(candidate) && existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
};

/** Every module specifier a file names, with whether it is type-only (erased when it runs). */
const specifiersOf = (file: string, text: string): { specifier: string; typeOnly: boolean }[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** The imports of one file (static, re-exports, dynamic and type-only), resolved. */
export const importsOf = (
  root: string,
  file: string,
  faces: PackageFaces = readFaces(root),
): ImportEdge[] => {
  const text = readFileSync(path.join(root, file), 'utf8');
  return specifiersOf(file, text).map(({ specifier, typeOnly }) => {
    let to: string | null = null;
    if (specifier.startsWith('.')) {
      to = resolveFile(
        root,
        path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
      );
    } else if (specifier.startsWith('@/') && packageOf(file) === 'frontend') {
      to = resolveFile(root, `frontend/src/${specifier.slice(2)}`);
    } else if (specifier.startsWith('@campus/')) {
      const [, name = '', ...rest] = specifier.split('/');
      const subpath = rest.length ? `./${rest.join('/')}` : '.';
      to = faces.get(name)?.get(subpath) ?? null;
    }
    return { from: file, specifier, to, typeOnly };
  });
};

/**
 * The npm packages a file loads when it runs, through every file it imports in turn (type-only
 * imports load nothing and are not followed).
 */
export const packagesLoadedBy = (edges: readonly ImportEdge[], start: string): Set<string> => {
  const byFile = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (edge.typeOnly) continue;
    byFile.set(edge.from, [...(byFile.get(edge.from) ?? []), edge]);
  }
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of byFile.get(file) ?? []) {
      if (edge.to !== null) visit(edge.to);
      else if (!edge.specifier.startsWith('.') && !edge.specifier.startsWith('node:')) {
        const parts = edge.specifier.split('/');
        packages.add(
          (edge.specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/'),
        );
      }
    }
  };
  visit(start);
  return packages;
};

/**
 * What breaks the house's rules: an import of a package not allowed to the importer, a relative
 * path out of the importer's package (packages meet only through their faces), or an
 * `@campus/...` path that is not one of the package's faces.
 */
export const violationsOf = (edges: readonly ImportEdge[], faces: PackageFaces): Violation[] =>
  edges.flatMap((edge) => {
    const from = packageOf(edge.from);
    const allowed = ALLOWED_IMPORTS[from] ?? [];
    if (edge.specifier.startsWith('@campus/')) {
      const target = edge.specifier.split('/')[1] ?? '';
      if (target === from) {
        return [{ ...edge, why: `imports its own package through its face` }];
      }
      if (!allowed.includes(target)) {
        return [{ ...edge, why: `${from} may not import ${target}` }];
      }
      if (edge.to === null || !faces.get(target)) {
        return [{ ...edge, why: `not a face of ${target} (its package.json exports)` }];
      }
      return [];
    }
    if (edge.to !== null && packageOf(edge.to) !== from) {
      return [{ ...edge, why: `reaches into ${packageOf(edge.to)} by a path, not its face` }];
    }
    return [];
  });

/** The circles of the file graph: every strongly connected set of two files or more (Tarjan). */
export const circlesOf = (edges: readonly ImportEdge[]): string[][] => {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (to === null || to === from) continue;
    const targets = next.get(from) ?? new Set<string>();
    targets.add(to);
    next.set(from, targets);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const circle: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        circle.push(member);
      } while (member !== node);
      if (circle.length > 1) circles.push(circle.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return circles;
};

/** The whole house measured: every import, what breaks the rules, the circles. */
export const measureHouse = (root: string) => {
  const faces = readFaces(root);
  const edges = listSources(root).flatMap((file) => importsOf(root, file, faces));
  return { edges, violations: violationsOf(edges, faces), circles: circlesOf(edges), faces };
};
