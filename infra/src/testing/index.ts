export * from './database';
export * from './redis';
export * from './firebase';
