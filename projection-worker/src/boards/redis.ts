// @campus/infra does not export its redis module from its entry point yet; this is the one import site.
export * from '../../../infra/src/redis';
