export * from './event-store';
export * from './position';
