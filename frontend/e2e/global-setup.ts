import type { TestProject } from 'vitest/node';
import { resetAccessibilityResults, writeAccessibilityReport } from './axe';
import { startE2eStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eUrl: string;
  }
}

/**
 * Starts one stack (with the demo data) for all browser tests and hands its URL to them; at the
 * end merges the accessibility results into artifacts/axe-report.{json,md}. `E2E_URL` points the
 * tests at a stack that is already running instead (while writing tests).
 */
export default async function setup(project: TestProject) {
  resetAccessibilityResults();
  const reuse = process.env['E2E_URL'];
  const stack = reuse ? { url: reuse, stop: () => Promise.resolve() } : await startE2eStack();
  // Without the trailing slash start.sh prints, so `${url}/path` is never '//path' (an unknown route).
  project.provide('e2eUrl', stack.url.replace(/\/+$/, ''));
  return async () => {
    writeAccessibilityReport();
    await stack.stop();
  };
}
