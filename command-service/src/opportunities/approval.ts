import { texts, toOpportunityStreamId, type EventMetadata } from '@campus/contracts';
import { NotFoundError, type Caller } from '@campus/infra';
import { handleCommand, type CommandOutcome } from '../decider/decider';
import type { CommandDeps } from '../http/context';
import { opportunityDecider } from './opportunity-decider';
import { z } from 'zod';

/**
 * The approval decision on one opportunity, for PUT /api/opps/{id} and the admin bulk approval
 * (POST /api/approvals). Admins only (403), unknown or deleted opportunities 404; approving an
 * approved opportunity appends nothing (`appended` is null).
 */
const setApproval = (
  deps: Pick<CommandDeps, 'store'>,
  caller: Caller,
  opportunityId: string,
  approved: boolean,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  if (!z.uuid().safeParse(opportunityId).success)
    return Promise.reject(new NotFoundError(texts.notFound.opportunity));
  return handleCommand({
    store: deps.store,
    streamId: toOpportunityStreamId(opportunityId),
    decider: opportunityDecider,
    command: { type: 'SetOpportunityApproval', actor: caller, approved },
    metadata,
  });
};

export const approveOpportunity = (
  deps: Pick<CommandDeps, 'store'>,
  caller: Caller,
  opportunityId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> => setApproval(deps, caller, opportunityId, true, metadata);

export const unapproveOpportunity = (
  deps: Pick<CommandDeps, 'store'>,
  caller: Caller,
  opportunityId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> => setApproval(deps, caller, opportunityId, false, metadata);
