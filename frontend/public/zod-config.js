// Read by zod before it builds any schema (a classic script runs before the app's modules): the
// UI's Content-Security-Policy forbids eval, so zod must not probe `new Function`, which the
// browser would report as a policy violation on every page load.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
