import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One project per package; integration tests share a migrated template database (global setup).
const nodeProject = (name: string, include = ['src/**/*.spec.ts']) => ({
  test: {
    name,
    root: `./${name}`,
    include,
    environment: 'node',
    globalSetup: ['../infra/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      nodeProject('contracts'),
      nodeProject('infra'),
      nodeProject('read-model'),
      nodeProject('command-service'),
      nodeProject('projection-worker'),
      nodeProject('query-service'),
      nodeProject('system-tests'),
      nodeProject('tools', [
        'bench/**/*.spec.ts',
        'demo-data/**/*.spec.ts',
        'architecture/**/*.spec.ts',
      ]),
      ...(existsSync('./frontend/vite.config.ts') ? ['./frontend/vite.config.ts'] : []),
      {
        // Browser tests: the whole product started as the README starts it, driven in Chromium.
        test: {
          name: 'e2e',
          root: './system-tests',
          include: ['e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
