export * from './database';
export * from './redis';
export * from '../auth/emulator-sign-in';
