export * from './outbox';
export * from './messages';
export * from './reminders';
export * from './sender';
export * from './relay';
