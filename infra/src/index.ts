export * from './db/pool';
export * from './db/migrate';
