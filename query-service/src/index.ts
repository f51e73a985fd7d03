export { createQueryApp } from './http/app';
export type { QueryDeps } from './http/context';
export { createVisiblePositionTracker } from './consistency/visible-position';
export { createReadModelCallerResolver } from './users/caller-resolver';
export { createLiveHub, type LiveHub, type LiveHubOptions } from './live/live-hub';
