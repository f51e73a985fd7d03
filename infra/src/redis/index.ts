export * from './client';
export * from './board-keys';
export * from './ranking';
export * from './board-reads';
export * from './unavailable';
