import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** What a log line or a stored error text keeps of an error: no value that came from data. */
export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
  syscall?: string;
  address?: string;
  port?: number;
  cause?: SafeError;
  errors?: SafeError[];
};

const ELIDED = '…';
const MAX_DEPTH = 3;
const MAX_NESTED_ERRORS = 5;

/** Fields of a pg DatabaseError (and Node's system errors) that name things, never values. */
const NAME_FIELDS = ['schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
const produced = new WeakSet<object>();

type ErrorLike = { message: string; name?: unknown; stack?: unknown } & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { stack?: unknown }).stack === 'string');

const stringField = (error: ErrorLike, key: string): string | undefined => {
  const value = error[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** A Postgres SQLSTATE: five characters, digits and capitals. */
const isSqlState = (code: string | undefined): code is string =>
  code !== undefined && /^[0-9A-Z]{5}$/.test(code);

/**
 * The message with every quoted or keyed value replaced by an ellipsis: Postgres and Node write
 * data into messages ('invalid input syntax for type integer: "x"', 'Key (email)=(x)', JSON parse
 * errors quoting the input). Quoted names the error itself reports (table, column, constraint) and
 * the property names of TypeErrors stay, since operators need them and they come from code.
 */
export const scrubMessage = (message: string, names: readonly string[] = []): string => {
  const kept = new Set(names);
  return (
    message
      // Only the first line: later lines of a message are details and hints that quote values.
      .slice(0, message.includes('\n') ? message.indexOf('\n') : undefined)
      .replace(/\b(Key|Failing row contains|DETAIL:)\s*\(.*$/i, (_all, label: string) =>
        label.toLowerCase() === 'key' ? `Key (${ELIDED})=(${ELIDED})` : `${label} (${ELIDED})`,
      )
      .replace(/"((?:[^"\\]|\\.)*)"/g, (all, inner: string) =>
        kept.has(inner) ? all : `"${ELIDED}"`,
      )
      .replace(/(?<!reading )'((?:[^'\\]|\\.)*)'/g, `'${ELIDED}'`)
      .replace(/`[^`]*`/g, `\`${ELIDED}\``)
      // Addresses are the personal value most likely to be written unquoted into a message.
      .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+/g, ELIDED)
      .slice(0, 500)
  );
};

/** The error's quoted names that may stay in its message (from its own pg fields). */
const namesOf = (error: ErrorLike): string[] =>
  NAME_FIELDS.map((key) => stringField(error, key)).filter((v): v is string => v !== undefined);

/** Class 42 (syntax, undefined object) messages are about the statement's text, not its values. */
const isStatementError = (code: string | undefined) => isSqlState(code) && code.startsWith('42');

/**
 * Class 22 (data exceptions) and parse errors quote the offending input without escaping the
 * quotes inside it, so nothing after the first quote can be trusted to be the message's own.
 */
const quotesRawInput = (code: string | undefined, type: string) =>
  (isSqlState(code) && code.startsWith('22')) || type === 'SyntaxError';
const cutAtFirstQuote = (message: string): string => {
  const at = message.search(/["'`]/);
  return at < 0 ? message : `${message.slice(0, at)}${ELIDED}`;
};

/** Stack frames only: the header repeats the message, which is replaced by its scrubbed form. */
const framesOf = (stack: unknown): string[] =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .slice(0, 30)
    : [];

const serialize = (error: ErrorLike, depth: number): SafeError => {
  const ctor = (error as { constructor?: unknown }).constructor;
  const type =
    typeof ctor === 'function' && ctor !== Object && ctor.name
      ? ctor.name
      : typeof error.name === 'string'
        ? error.name
        : 'Error';
  const code = typeof error['code'] === 'string' ? error['code'] : undefined;
  const names = namesOf(error);
  const message = isStatementError(code)
    ? scrubMessage(error.message, [...names, ...quotedIn(error.message)])
    : quotesRawInput(code, type)
      ? scrubMessage(cutAtFirstQuote(error.message), names)
      : scrubMessage(error.message, names);
  const frames = framesOf(error.stack);
  const safe: SafeError = {
    type,
    message,
    ...(frames.length ? { stack: [`${type}: ${message}`, ...frames].join('\n') } : {}),
    ...(code !== undefined ? { code: code.slice(0, 40) } : {}),
  };
  if (isSqlState(code)) {
    const severity = stringField(error, 'severity');
    if (severity) safe.severity = severity;
    for (const key of NAME_FIELDS) {
      const value = stringField(error, key);
      if (value !== undefined) safe[key] = value.slice(0, 200);
    }
  }
  const syscall = stringField(error, 'syscall');
  if (syscall) safe.syscall = syscall;
  const address = stringField(error, 'address');
  if (address && !address.includes('@')) safe.address = address.slice(0, 100);
  if (typeof error['port'] === 'number') safe.port = error['port'];
  if (depth < MAX_DEPTH) {
    if (isErrorLike(error['cause'])) safe.cause = serialize(error['cause'], depth + 1);
    const nested = error['errors'];
    if (Array.isArray(nested)) {
      const errors = nested
        .filter(isErrorLike)
        .slice(0, MAX_NESTED_ERRORS)
        .map((e) => serialize(e, depth + 1));
      if (errors.length) safe.errors = errors;
    }
  }
  return safe;
};

const quotedIn = (message: string): string[] =>
  [...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? '');

/**
 * The one error serializer of every logger (pino `err`) and of stored error texts: the error's
 * class, its code, the names Postgres reports (schema, table, column, constraint, routine), a
 * message with its values scrubbed and the stack frames. Never a pg `detail`, `where`, `hint`,
 * query parameters or any other enumerable property, which carry row values.
 */
export const safeError = (error: unknown): unknown => {
  if (typeof error === 'object' && error !== null && produced.has(error)) return error;
  if (!isErrorLike(error)) {
    if (typeof error === 'string') return scrubMessage(error);
    return error;
  }
  const safe = serialize(error, 0);
  produced.add(safe);
  return safe;
};

/** One line for an error stored where operators read it (dead letters, the mail outbox). */
export const describeError = (error: unknown): string => {
  if (!isErrorLike(error)) return typeof error === 'string' ? scrubMessage(error) : 'unknown error';
  const safe = serialize(error, 0);
  const where = [
    safe.code,
    safe.constraint && `constraint ${safe.constraint}`,
    safe.table && `table ${safe.table}`,
    safe.column && `column ${safe.column}`,
  ].filter(Boolean);
  const cause = safe.cause ? ` (cause: ${safe.cause.type}: ${safe.cause.message})` : '';
  return `${safe.type}${where.length ? ` [${where.join(', ')}]` : ''}: ${safe.message}${cause}`.slice(
    0,
    1_000,
  );
};

/** A stored error text scrubbed again, keeping the names its bracket lists (describeError's form). */
export const scrubStoredError = (text: string): string => {
  const bracket = /^[^[:]*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
  const names = [...bracket.matchAll(/(?:constraint|table|column) ([^,\s]+)/g)].map(
    (m) => m[1] ?? '',
  );
  return scrubMessage(text, names);
};

/** Errors anywhere in a log line's object (not only under `err`) are serialized safely too. */
const safeErrorsIn = (value: unknown, depth: number): unknown => {
  if (isErrorLike(value)) return safeError(value);
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (produced.has(value)) return value;
  if (Array.isArray(value)) {
    return value.some((v) => typeof v === 'object' && v !== null)
      ? value.map((v) => safeErrorsIn(v, depth + 1))
      : value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(value)) {
    const safe = safeErrorsIn(inner, depth + 1);
    if (safe !== inner) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = safe;
    }
  }
  return copy ?? value;
};

/** The pino options every service's logger is built with (exported for tests of the options). */
export const safeLoggerOptions: Pick<LoggerOptions, 'serializers' | 'formatters' | 'hooks'> = {
  serializers: { err: safeError, error: safeError, cause: safeError },
  formatters: {
    log: (object) => safeErrorsIn(object, 0) as Record<string, unknown>,
  },
  hooks: {
    // `logger.error(err)` and `logger.error({ err })` without a message would log err.message as is.
    logMethod(args: unknown[], method) {
      const [first, second] = args;
      if (typeof second !== 'string') {
        const error = isErrorLike(first)
          ? first
          : typeof first === 'object' && first !== null && 'err' in first
            ? first.err
            : undefined;
        if (isErrorLike(error)) {
          const safe = serialize(error, 0);
          method.apply(this, [first, `${safe.type}: ${safe.message}`]);
          return;
        }
      }
      method.apply(this, args as Parameters<typeof method>);
    },
  },
};

let crashHandlerInstalled = false;

/**
 * A crash (an uncaught exception, or a rejection nobody handled) is logged through the safe
 * serializer and ends the process with 1, as Node would, instead of Node printing the error with
 * every property (a pg error's detail quotes the row). Each service's main calls it once.
 */
export const logCrashes = (logger: Logger) => {
  if (crashHandlerInstalled) return;
  crashHandlerInstalled = true;
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'crashed');
    process.exit(1);
  });
};

/**
 * JSON logs (pino) with the safe error serializer; quiet in tests unless LOG_LEVEL says otherwise.
 * `destination` defaults to stdout (tests capture lines through it).
 */
export const createLogger = (
  service: string,
  level = process.env['LOG_LEVEL'],
  destination?: DestinationStream,
): Logger => {
  const options: LoggerOptions = {
    name: service,
    level: level ?? (process.env['VITEST'] ? 'silent' : 'info'),
    ...safeLoggerOptions,
  };
  return destination ? pino(options, destination) : pino(options);
};
