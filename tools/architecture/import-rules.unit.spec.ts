import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circlesOf, measureHouse, packagesLoadedBy } from './import-rules';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('the house (docs/architecture.md)', () => {
  const house = measureHouse(repoRoot);

  it('reads the imports of every package', () => {
    const packages = new Set(house.edges.map((e) => e.from.split('/')[0]));
    expect([...packages].sort()).toEqual(
      expect.arrayContaining(['command-service', 'contracts', 'frontend', 'infra']),
    );
    expect(house.edges.length).toBeGreaterThan(1000);
  });

  it('imports only down, and between packages only through their faces', () => {
    expect(house.violations.map((v) => `${v.from} -> ${v.specifier}: ${v.why}`)).toEqual([]);
  });

  it('has no circle of files', () => {
    expect(house.circles).toEqual([]);
  });

  it("loads no database, Redis or Firebase code with the command service's deciders and errors", () => {
    const pure = [
      ...new Set(
        house.edges
          .map((e) => e.from)
          .filter(
            (f) =>
              /^command-service\/src\/.*-decider\.ts$/.test(f) ||
              f === 'command-service/src/errors.ts',
          ),
      ),
    ];
    expect(pure.length).toBeGreaterThan(5);
    const drivers = ['pg', 'ioredis', 'firebase-admin', 'bullmq', '@eventstore/db-client'];
    expect(
      pure.flatMap((file) =>
        [...packagesLoadedBy(house.edges, file)]
          .filter((p) => drivers.includes(p))
          .map((p) => `${file} loads ${p}`),
      ),
    ).toEqual([]);
  });
});

describe('the rules themselves', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'house-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const pkg of ['contracts', 'infra', 'command-service', 'query-service', 'tools']) {
    write(`${pkg}/package.json`, JSON.stringify({ exports: { '.': './src/index.ts' } }));
    write(`${pkg}/src/index.ts`, 'export const x = 1;\n');
  }
  write('command-service/src/a.ts', "import { b } from './b';\nexport const a = b;\n");
  write('command-service/src/b.ts', "import type { a } from './a';\nexport const b = 1;\n");
  write('query-service/src/up.ts', "import { x } from '@campus/command-service';\n");
  write('query-service/src/deep.ts', "import { x } from '../../infra/src/index';\n");
  write('query-service/src/hidden.ts', "import { x } from '@campus/infra/secret';\n");
  write('infra/src/above.ts', "const m = await import('@campus/query-service');\n");
  write(
    'tools/x.ts',
    "import { x } from '@campus/query-service';\nimport { y } from '@campus/infra';\n",
  );
  const measured = measureHouse(root);

  it('refuses a service importing another, a path into another package, a hidden path and an import up', () => {
    expect(
      measured.violations
        .map((v) => [v.from, v.why])
        .sort(([a = ''], [b = '']) => a.localeCompare(b)),
    ).toEqual([
      ['infra/src/above.ts', 'infra may not import query-service'],
      ['query-service/src/deep.ts', 'reaches into infra by a path, not its face'],
      ['query-service/src/hidden.ts', 'not a face of infra (its package.json exports)'],
      ['query-service/src/up.ts', 'query-service may not import command-service'],
    ]);
  });

  it('finds a circle, type-only imports included', () => {
    expect(measured.circles).toEqual([['command-service/src/a.ts', 'command-service/src/b.ts']]);
  });

  it('follows what a file loads when it runs, not its type-only imports', () => {
    write('infra/src/driver.ts', "import pg from 'pg';\nexport const d = pg;\n");
    write('infra/src/types.ts', "import type { Pool } from 'ioredis';\nexport type T = Pool;\n");
    write(
      'command-service/src/uses.ts',
      "import { d } from '../../infra/src/driver';\nimport type { T } from '../../infra/src/types';\n",
    );
    const edges = measureHouse(root).edges;
    expect([...packagesLoadedBy(edges, 'command-service/src/uses.ts')]).toEqual(['pg']);
  });

  it('finds longer circles and no circle in a line', () => {
    const edge = (from: string, to: string) => ({ from, to, specifier: to });
    expect(circlesOf([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([
      ['a', 'b', 'c'],
    ]);
    expect(circlesOf([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
  });
});
