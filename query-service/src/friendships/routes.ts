import { Router } from 'express';
import {
  routes,
  texts,
  type FriendListEntry,
  type FriendshipEntry,
  type FriendshipStatus,
  type Notifications,
} from '@campus/contracts';
import { ForbiddenError, NotFoundError, requireCaller } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';
import { loadHoursDecisions } from '../service-hours/queries';
import { personVisibility, projectPerson } from '../shared/person-visibility';
import { friendshipJoinSql, userImageSql, userNameSql } from '../shared/sql';
import { findUserById, isSelfOrAdmin } from '../users/queries';

/** Friendships and the notifications bell. */
export const friendshipsQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool } = deps;

  const existingUser = async (id: string | null) => {
    const row = id ? await findUserById(pool, id) : null;
    if (!row) throw new NotFoundError(texts.notFound.user);
    return row;
  };

  mountQuery(router, routes.listFriendshipStatuses, deps, async (req, res) => {
    const user = await existingUser(idParam(req));
    const viewer = requireCaller(req);
    if (!isSelfOrAdmin(viewer, user.id))
      throw new ForbiddenError('Only the user and admins can list their friendships.');
    // Everyone else, with their status towards the user; erased people only while related.
    const { rows } = await pool.query<{
      user_id: string;
      name: string;
      profile_image: string | null;
      friendship_id: string | null;
      friendship_status: FriendshipStatus | null;
    }>(
      `SELECT u.id::text AS user_id, ${userNameSql('u')} AS name,
              ${userImageSql('u')} AS profile_image,
              fr.friendship_id, fr.status AS friendship_status
         FROM read.users u
         ${friendshipJoinSql('$1', 'u.id')}
        WHERE u.id <> $1::uuid AND (NOT u.erased OR fr.friendship_id IS NOT NULL)
        ORDER BY lower(${userNameSql('u')}), u.id`,
      [user.id],
    );
    const body: FriendshipEntry[] = rows.map(({ friendship_id, friendship_status, ...person }) => ({
      ...projectPerson(person, personVisibility(viewer, person.user_id)),
      friendship_id,
      friendship_status: friendship_status ?? 'add',
    }));
    res.json(body);
  });

  mountQuery(router, routes.listFriends, deps, async (req, res) => {
    const user = await existingUser(idParam(req));
    const viewer = requireCaller(req);
    const { rows } = await pool.query<FriendListEntry>(
      `SELECT u.id::text AS other_user_id, ${userNameSql('u')} AS other_user_name,
              ${userImageSql('u')} AS other_user_profile_image, f.friendship_id
         FROM read.friendships f
         JOIN read.users u
           ON u.id = CASE WHEN f.requester_id = $1::uuid THEN f.recipient_id ELSE f.requester_id END
        WHERE f.status = 'friends' AND (f.requester_id = $1::uuid OR f.recipient_id = $1::uuid)
        ORDER BY lower(${userNameSql('u')}), u.id`,
      [user.id],
    );
    const body: FriendListEntry[] = rows.map(({ friendship_id, ...person }) => ({
      ...projectPerson(person, personVisibility(viewer, person.other_user_id)),
      friendship_id,
    }));
    res.json(body);
  });

  mountQuery(router, routes.getNotifications, deps, async (req, res) => {
    const caller = requireCaller(req);
    const [{ rows }, hoursDecisions] = await Promise.all([
      pool.query<{
        friendship_id: string;
        user_id: string;
        name: string;
        profile_image: string | null;
        at: Date;
      }>(
        `SELECT f.friendship_id, u.id::text AS user_id, ${userNameSql('u')} AS name,
                ${userImageSql('u')} AS profile_image, f.updated_at AS at
           FROM read.friendships f JOIN read.users u ON u.id = f.requester_id
          WHERE f.recipient_id = $1::uuid AND f.status = 'pending'
          ORDER BY f.updated_at DESC, f.friendship_id`,
        [caller.userId],
      ),
      // Decisions on the caller's logged hours (docs/service-hours.md); not in `count`.
      loadHoursDecisions(pool, caller.userId, deps.clock.now()),
    ]);
    const body: Notifications = {
      count: rows.length,
      friend_requests: rows.map(({ at, friendship_id, ...person }) => ({
        friendship_id,
        ...projectPerson(person, personVisibility(caller, person.user_id)),
        requested_at: at.toISOString(),
      })),
      hours_decisions: hoursDecisions,
    };
    res.json(body);
  });

  return router;
};
