export * from './database';
export { expectDeadLetters } from './dead-letters';
export * from './redis';
export * from '../auth/emulator-sign-in';
export * from './private-services';
export * from './helpers-config';
export * from './captured-logger';
export * from './service-process';
export * from './release';
