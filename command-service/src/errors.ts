import { OPPORTUNITY_FULL_PROBLEM_TYPE } from '@campus/contracts';
import { ConflictError } from '@campus/infra/errors';

/**
 * The errors the command service throws: the services' one hierarchy, each error carrying its
 * HTTP meaning (infra's http/errors), and the command service's own. Slices import them from here.
 */
export {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '@campus/infra/errors';

/** A signup refused because no slot is left: a 409 whose problem `type` says so to the UI. */
export class OpportunityFullError extends ConflictError {
  override readonly problemType = OPPORTUNITY_FULL_PROBLEM_TYPE;
}
