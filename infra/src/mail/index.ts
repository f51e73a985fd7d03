export * from './catch-all-smtp';
