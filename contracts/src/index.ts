export * from './event-store';
export * from './events';
export * from './commands';
export * from './domain/constants';
export * from './domain/time';
export * from './domain/opportunity-rules';
export * from './queries';
export * from './domain/clock';
export * from './domain/config';
export * from './domain/registration';
export * from './http/consistency';
export * from './http/problem';
export { buildPath, serviceOf, type RouteAuth, type RouteDefinition } from './http/route';
export { routes, type RouteName } from './http/routes';
export * from './domain/scoring';
export * from './domain/check-in-token';
export * from './domain/unsubscribe-token';
export * from './texts';
// The texts of the hosts', admins', check-in, scoring preview, transcript, service hours and impact
// screens, on their own: out of the `texts` object, which goes whole into every page's first
// script (contracts/src/texts.ts).
export * from './texts/admin';
export * from './texts/check-in';
export * from './texts/host';
export * from './texts/impact';
export * from './texts/scoring-preview';
export * from './texts/service-hours';
export * from './texts/transcript';
export * from './live/live';
export * from './live/live-change';
