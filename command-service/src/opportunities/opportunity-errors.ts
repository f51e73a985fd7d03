import type { ErrorRequestHandler } from 'express';
import { OPPORTUNITY_FULL_PROBLEM_TYPE, type Problem } from '@campus/contracts';
import { ConflictError } from '@campus/infra';

/** A signup refused because no slot is left: a 409 whose problem `type` says so to the UI. */
export class OpportunityFullError extends ConflictError {
  readonly problemType = OPPORTUNITY_FULL_PROBLEM_TYPE;
}

/**
 * Renders OpportunityFullError as problem details with its own `type` (the shared problem handler
 * answers every error as 'about:blank'); every other error goes on to that handler.
 */
export const opportunityFullProblem: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (!(error instanceof OpportunityFullError) || res.headersSent) {
    next(error);
    return;
  }
  const body: Problem = {
    type: error.problemType,
    title: error.title,
    status: error.status,
    detail: error.message,
    message: error.message,
  };
  res.status(error.status).type('application/problem+json').json(body);
};
