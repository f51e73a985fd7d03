/**
 * Failures that say nothing about the event being applied: the database was busy or away for a
 * moment. A batch that fails this way is tried again later, from its checkpoint, and nothing of it
 * is dead-lettered; only a failure that the event itself causes every time is (docs/reliability.md).
 */

/** SQLSTATE classes and codes of passing trouble: connection, resources, concurrency, shutdown. */
const TRANSIENT_CLASSES = new Set(['08', '53', '57']);
const TRANSIENT_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '55006', // object_in_use
  '58030', // io_error
]);
/** Node's own network failures, before Postgres could answer. */
const TRANSIENT_NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres's words when the connection goes away mid-query (it sets no code then). */
const CONNECTION_LOST =
  /Connection terminated|connection timeout|Client has encountered a connection error/i;

const codeOf = (error: object): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** Whether `error` (or what caused it) is a passing database or network failure. */
export const isTransientFailure = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (TRANSIENT_CODES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_CLASSES.has(code.slice(0, 2))) return true;
  }
  if (error instanceof Error && CONNECTION_LOST.test(error.message)) return true;
  return isTransientFailure((error as { cause?: unknown }).cause, depth + 1);
};
