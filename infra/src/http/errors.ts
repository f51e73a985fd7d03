/** The one error hierarchy of the services: each error carries its HTTP meaning. */
export type FieldError = { readonly field: string; readonly message: string };

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly title: string;
  /** The problem `type` URI; a subclass names its own when clients must tell it apart. */
  readonly problemType: string = 'about:blank';
  readonly fieldErrors: readonly FieldError[] | undefined;
  constructor(message: string, fieldErrors?: readonly FieldError[]) {
    super(message);
    this.fieldErrors = fieldErrors;
  }
}

export class ValidationError extends AppError {
  readonly status = 400;
  readonly title = 'Bad Request';
}
export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly title = 'Unauthorized';
}
export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly title = 'Forbidden';
}
export class NotFoundError extends AppError {
  readonly status = 404;
  readonly title = 'Not Found';
}
export class ConflictError extends AppError {
  readonly status = 409;
  readonly title = 'Conflict';
}
export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly title = 'Payload Too Large';
}
export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly title = 'Too Many Requests';
}
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly title = 'Service Unavailable';
}
