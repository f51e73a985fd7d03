import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, type RouteResponse } from '@/lib/api-client';
import {
  unapprovedOpportunitiesQueryOptions,
  unapprovedOrganizationsQueryOptions,
} from './get-unapproved';

export type Selection = { opportunityIds: string[]; organizationIds: string[] };

type Snapshot = {
  opportunities: RouteResponse<'listUnapprovedOpportunities'> | undefined;
  organizations: RouteResponse<'listUnapprovedOrganizations'> | undefined;
};

const opportunitiesKey = unapprovedOpportunitiesQueryOptions().queryKey;
const organizationsKey = unapprovedOrganizationsQueryOptions().queryKey;

/** Takes the selected rows out of both lists at once; answers what to put back on failure. */
const removeSelected = async (client: QueryClient, selection: Selection): Promise<Snapshot> => {
  await Promise.all([
    client.cancelQueries({ queryKey: opportunitiesKey }),
    client.cancelQueries({ queryKey: organizationsKey }),
  ]);
  const snapshot: Snapshot = {
    opportunities: client.getQueryData(opportunitiesKey),
    organizations: client.getQueryData(organizationsKey),
  };
  client.setQueryData(opportunitiesKey, (list) =>
    list?.filter((o) => !selection.opportunityIds.includes(o.id)),
  );
  client.setQueryData(organizationsKey, (list) =>
    list?.filter((o) => !selection.organizationIds.includes(o.id)),
  );
  return snapshot;
};

/** Puts back the rows whose approval failed (all of them when `ids` is null). */
const restore = (client: QueryClient, snapshot: Snapshot, ids: Set<string> | null) => {
  const keep = <T extends { id: string }>(before: T[] | undefined, now: T[] | undefined) => {
    if (!before) return now;
    const current = new Set((now ?? []).map((x) => x.id));
    return before.filter((x) => current.has(x.id) || ids === null || ids.has(x.id));
  };
  client.setQueryData(opportunitiesKey, (now) => keep(snapshot.opportunities, now));
  client.setQueryData(organizationsKey, (now) => keep(snapshot.organizations, now));
};

/** Some items were refused: the server's words for them, joined, and their ids. */
class PartialApprovalError extends Error {
  override readonly name = 'PartialApprovalError';
  constructor(
    message: string,
    readonly failedIds: Set<string>,
  ) {
    super(message);
  }
}

/**
 * 'Approve Selected': the rows leave the tables at once; a failed request puts them all back, a
 * partly refused one puts back only the refused rows.
 */
export const useApproveSelected = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (selection: Selection) => {
      const answer = await api.request('bulkApprove', {
        body: {
          opportunity_ids: selection.opportunityIds,
          organization_ids: selection.organizationIds,
        },
      });
      if (answer.failed.length > 0) {
        throw new PartialApprovalError(
          answer.failed.map((f) => f.message).join('; '),
          new Set(answer.failed.map((f) => f.id)),
        );
      }
      return answer;
    },
    onMutate: (selection) => removeSelected(client, selection),
    onError: (error, _selection, snapshot) => {
      if (!snapshot) return;
      restore(client, snapshot, error instanceof PartialApprovalError ? error.failedIds : null);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
};

/** The message to show after a failure (the '{message}' of the error text). */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError || error instanceof PartialApprovalError
    ? error.message
    : String(error);
