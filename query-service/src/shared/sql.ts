import { createHash } from 'node:crypto';

/** SQL fragments the query areas share. `u` style aliases are passed in. */

export const ERASED_NAME = 'Former student';

/** A user's display name: 'First Last', or the erased placeholder. */
export const userNameSql = (u: string): string =>
  `CASE WHEN ${u}.erased THEN '${ERASED_NAME}'
        ELSE btrim(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '')) END`;

/** A user's picture; none once erased. */
export const userImageSql = (u: string): string =>
  `CASE WHEN ${u}.erased THEN NULL ELSE ${u}.profile_image END`;

/** A LIKE pattern matching `text` anywhere (its own % _ \ taken literally). */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The caller's friendship with user `other` (a column), as `status` and `friendship_id`: a
 * LEFT JOIN LATERAL on read.friendships (a row per pending or accepted pair).
 */
export const friendshipJoinSql = (callerParam: string, other: string, alias = 'fr'): string =>
  `LEFT JOIN LATERAL (
     SELECT f.friendship_id,
            CASE WHEN f.status = 'friends' THEN 'friends'
                 WHEN f.requester_id = ${callerParam}::uuid THEN 'sent'
                 ELSE 'received' END AS status
       FROM read.friendships f
      WHERE (f.requester_id = ${callerParam}::uuid AND f.recipient_id = ${other})
         OR (f.recipient_id = ${callerParam}::uuid AND f.requester_id = ${other})
      LIMIT 1
   ) ${alias} ON true`;

/**
 * Whether the caller may see opportunity `o` under its visibility list (docs/product-rules.md):
 * everyone when empty; otherwise admins, its host and members of a listed organization that still
 * exists.
 */
export const visibleToCallerSql = (o: string, callerParam: string, adminParam: string): string =>
  `(cardinality(${o}.visibility) = 0
    OR ${adminParam}::boolean
    OR ${o}.host_user_id = ${callerParam}::uuid
    OR EXISTS (
      SELECT 1 FROM unnest(${o}.visibility) AS listed(id)
        JOIN read.memberships vm ON vm.organization_id::text = lower(listed.id)
        JOIN read.organizations vo ON vo.id = vm.organization_id AND NOT vo.deleted
       WHERE vm.user_id = ${callerParam}::uuid))`;

const preparedNames = new Map<string, string>();

/**
 * `text` as a named prepared statement: each pooled connection plans it once and Postgres may then
 * keep a generic plan, instead of planning every call. On the hot reads planning took longer
 * than running (a detail's opportunity row: about 19 ms planning, 0.4 ms running on a busy
 * machine). The name comes from the text, so one text always has one name.
 */
export const prepared = (text: string, values: readonly unknown[]) => {
  let name = preparedNames.get(text);
  if (!name) {
    name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return { name, text, values: [...values] };
};
