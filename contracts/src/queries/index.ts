export * from './users';
export * from './organizations';
export * from './opportunities';
export * from './commands';
