// @campus/infra does not export its redis module from its entry point yet; this is the query
// service's one import site (as in projection-worker/src/boards/redis.ts).
export * from '../../../infra/src/redis';
