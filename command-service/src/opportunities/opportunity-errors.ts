import { OPPORTUNITY_FULL_PROBLEM_TYPE } from '@campus/contracts';
import { ConflictError } from '@campus/infra';

/** A signup refused because no slot is left: a 409 whose problem `type` says so to the UI. */
export class OpportunityFullError extends ConflictError {
  override readonly problemType = OPPORTUNITY_FULL_PROBLEM_TYPE;
}
