import type { Request, RequestHandler } from 'express';
import { ValidationError, type FieldError } from './errors';

/** NUL, the other C0 controls, DEL and the C1 controls: never part of an id or a search. */
const CONTROL = /\p{Cc}/u;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

/** A parameter's name fit to be echoed in an answer (its own control characters shown as \uXXXX). */
const printable = (name: string): string =>
  name.replace(/\p{Cc}/gu, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);

/** Every string inside a parsed query value (a string, a repeated parameter, a nested object). */
const stringsOf = (value: unknown, depth = 0): string[] => {
  if (typeof value === 'string') return [value];
  if (depth > 4 || typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsOf(inner, depth + 1)]);
};

const badFields = (values: Record<string, unknown>, prefix = ''): FieldError[] =>
  Object.entries(values)
    .filter(
      ([name, value]) => hasControlCharacters(name) || stringsOf(value).some(hasControlCharacters),
    )
    .map(([name]) => ({
      field: `${prefix}${printable(name)}`,
      message: CONTROL_CHARACTER_MESSAGE,
    }));

const refuse = (fields: FieldError[]): never => {
  const names = fields.map((f) => f.field).join(', ');
  throw new ValidationError(
    fields.length === 1 ? `${names} ${CONTROL_CHARACTER_MESSAGE}` : `Invalid fields: ${names}`,
    fields,
  );
};

/**
 * 400 naming each query parameter and path parameter (ids, addresses, tokens) holding a control
 * character, before any handler could pass one to Postgres (which refuses NUL with an error).
 * Mounted once per app for the query string, and on each route, where path parameters are known.
 */
export const refuseControlCharacters = (): RequestHandler => (req: Request, _res, next) => {
  const fields = [...badFields(req.params), ...badFields(req.query)];
  if (fields.length) refuse(fields);
  next();
};
