import { Router } from 'express';
import {
  routes,
  SEARCH_RESULT_LIMIT,
  type FriendshipStatus,
  type SearchResult,
} from '@campus/contracts';
import { requireCaller } from '@campus/infra';
import { mountQuery, queryOf, type QueryDeps } from '../http/context';
import { personVisibility, projectPerson } from '../shared/person-visibility';
import { containsPattern, friendshipJoinSql, userImageSql, userNameSql } from '../shared/sql';

/**
 * The header search: up to 4 students and 4 approved organizations whose name holds
 * the text (case-insensitive), the caller left out; names starting with it come first.
 */
export const searchQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool } = deps;

  mountQuery(router, routes.search, deps, async (req, res) => {
    const { q } = queryOf(routes.search, req);
    const caller = requireCaller(req);
    const pattern = containsPattern(q);
    const prefix = pattern.slice(1);
    const [students, organizations] = await Promise.all([
      pool.query<{
        id: string;
        name: string;
        profile_image: string | null;
        friendship_id: string | null;
        status: FriendshipStatus | null;
      }>(
        `SELECT u.id::text, ${userNameSql('u')} AS name, ${userImageSql('u')} AS profile_image,
                fr.friendship_id, fr.status
           FROM read.users u ${friendshipJoinSql('$1', 'u.id')}
          WHERE u.id <> $1::uuid AND NOT u.erased AND ${userNameSql('u')} ILIKE $2
          ORDER BY (${userNameSql('u')} ILIKE $3) DESC, lower(${userNameSql('u')}), u.id
          LIMIT ${String(SEARCH_RESULT_LIMIT)}`,
        [caller.userId, pattern, prefix],
      ),
      pool.query<SearchResult['organizations'][number]>(
        `SELECT o.id::text, o.name, o.type, o.host_user_id = $1::uuid AS is_host,
                EXISTS (SELECT 1 FROM read.memberships m
                         WHERE m.organization_id = o.id AND m.user_id = $1::uuid) AS is_member
           FROM read.organizations o
          WHERE o.approved AND NOT o.deleted AND o.name ILIKE $2
          ORDER BY (o.name ILIKE $3) DESC, lower(o.name), o.id
          LIMIT ${String(SEARCH_RESULT_LIMIT)}`,
        [caller.userId, pattern, prefix],
      ),
    ]);
    const body: SearchResult = {
      students: students.rows.map(({ status, friendship_id, ...person }) => ({
        ...projectPerson(person, personVisibility(caller, person.id)),
        friendship_status: status ?? 'add',
        friendship_id,
      })),
      organizations: organizations.rows,
    };
    res.json(body);
  });

  return router;
};
