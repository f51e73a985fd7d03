export { createCommandApp } from './http/app';
export type { CommandDeps } from './http/context';
export { createStreamCallerResolver } from './users/caller-resolver';
