import type { TestProject } from 'vitest/node';
import { startE2eStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eUrl: string;
  }
}

/** Starts one stack for all browser tests and hands its URL to them. */
export default async function setup(project: TestProject) {
  const stack = await startE2eStack();
  project.provide('e2eUrl', stack.url);
  return () => stack.stop();
}
