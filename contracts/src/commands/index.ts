export * from './common';
export * from './users';
export * from './profile';
export * from './organizations';
export * from './opportunities';
export * from './friendships';
export * from './admin';
export * from './operations';
