export * from './database';
export * from './redis';
export * from '../auth/emulator-sign-in';
export * from './private-services';
