import type { z } from 'zod';
import { ValidationError, type FieldError } from './errors';

const fieldOf = (path: readonly PropertyKey[]) =>
  path.length ? path.map(String).join('.') : '(body)';

export const fieldErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.flatMap((issue) =>
    // A strict schema's unknown keys are each named as a field of their own (a blank key, which
    // names nothing, as the object's).
    (issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => (/\S/.test(key) ? [...issue.path, key] : issue.path))
      : [issue.path]
    ).map((path) => ({ field: fieldOf(path), message: issue.message })),
  );

/** Parses input with a contracts schema; a failure is a 400 naming every bad field. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  const first = fields[0];
  const message =
    fields.length === 1 && first
      ? first.message
      : `Invalid fields: ${[...new Set(fields.map((f) => f.field))].join(', ')}`;
  throw new ValidationError(message, fields);
};
