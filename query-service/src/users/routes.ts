import { Router } from 'express';
import {
  badgesOf,
  isUniversityEmail,
  routes,
  texts,
  type PointsHistory,
  type PublicConfig,
  type UserEmails,
  type UserProfile,
} from '@campus/contracts';
import {
  callerOf,
  ForbiddenError,
  identityOf,
  NotFoundError,
  requireCaller,
  reservationHash,
} from '@campus/infra';
import { idParam, mountQuery, queryOf, type QueryDeps } from '../http/context';
import {
  findUserByEmailHash,
  findUserById,
  isEmailOnApprovedList,
  isSelfOrAdmin,
  listEmails,
  listUsers,
  loadPointsHistory,
  loadProfile,
  loadRelations,
  toUserResponse,
} from './queries';
import { loadPersonRelations, personVisibility, projectPerson } from '../shared/person-visibility';

const addressParam = (value: unknown): string =>
  typeof value === 'string' ? value.trim().toLowerCase() : '';

/** points / 60 with one decimal. */
export const hoursOf = (points: number): number => Math.round((points / 60) * 10) / 10;

/**
 * A profile's hours (docs/service-hours.md): platform hours (attendance and bonus points / 60),
 * logged hours (approved logged minutes / 60), and their sum, each with one decimal.
 */
export const profileHoursOf = (platformPoints: number, loggedMinutes: number) => {
  const platform_hours = hoursOf(platformPoints);
  const logged_hours = hoursOf(loggedMinutes);
  return {
    hours: Math.round((platform_hours + logged_hours) * 10) / 10,
    platform_hours,
    logged_hours,
  };
};

export const usersQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool, config } = deps;

  mountQuery(router, routes.getConfig, deps, (_req, res) => {
    const body: PublicConfig = {
      universityDomain: config.UNIVERSITY_DOMAIN,
      supportEmail: config.SUPPORT_EMAIL,
      launchDate: config.LAUNCH_DATE,
      now: deps.clock.now().toISOString(),
    };
    res.json(body);
  });

  mountQuery(router, routes.checkApprovedEmail, deps, async (req, res) => {
    const address = addressParam(req.params['address']);
    const approved =
      isUniversityEmail(address, config.UNIVERSITY_DOMAIN) ||
      (await isEmailOnApprovedList(pool, reservationHash(address)));
    res.json({ is_approved: approved });
  });

  mountQuery(router, routes.checkUserExists, deps, async (req, res) => {
    const row = await findUserByEmailHash(
      pool,
      reservationHash(addressParam(req.params['address'])),
    );
    res.json({ exists: row !== null });
  });

  mountQuery(router, routes.getUserByEmail, deps, async (req, res) => {
    const address = addressParam(req.params['address']);
    const row = await findUserByEmailHash(pool, reservationHash(address));
    if (!row) throw new NotFoundError(texts.notFound.user);
    // The person looking themselves up while signing in is themselves, registered caller or not.
    const viewer =
      callerOf(req) ??
      (identityOf(req).email?.toLowerCase() === address ? { userId: row.id, admin: false } : null);
    if (!viewer) requireCaller(req);
    const [relations, relationTo] = await Promise.all([
      loadRelations(pool, [row.id]),
      loadPersonRelations(pool, viewer, { ids: [row.id] }),
    ]);
    res.json(toUserResponse(row, viewer, relationTo(row.id), relations.get(row.id)));
  });

  // Before /api/users/:id, which would take 'emails' for an id.
  mountQuery(router, routes.listUserEmails, deps, async (_req, res) => {
    const emails = await listEmails(pool);
    const body: UserEmails = { count: emails.length, emails };
    res.json(body);
  });

  mountQuery(router, routes.listUsers, deps, async (req, res) => {
    const { q } = queryOf(routes.listUsers, req);
    const viewer = requireCaller(req);
    const rows = await listUsers(pool, q);
    const ids = rows.map((r) => r.id);
    const [relations, relationTo] = await Promise.all([
      loadRelations(pool, ids),
      loadPersonRelations(pool, viewer, { ids }),
    ]);
    res.json(
      rows.map((row) => toUserResponse(row, viewer, relationTo(row.id), relations.get(row.id))),
    );
  });

  mountQuery(router, routes.getUser, deps, async (req, res) => {
    const id = idParam(req);
    const viewer = requireCaller(req);
    const profile = id ? await loadProfile(pool, viewer, id) : null;
    if (!profile) throw new NotFoundError(texts.notFound.user);
    const { user, relations, relation } = profile;
    const body: UserProfile = {
      ...toUserResponse(user, viewer, relation, relations),
      ...projectPerson(
        {
          badges: badgesOf(profile.badges),
          friend_count: profile.friend_count,
          signup_count: profile.signup_count,
          ...profileHoursOf(profile.platform_points, profile.logged_minutes),
        },
        personVisibility(viewer, user.id, relation),
      ),
    };
    res.json(body);
  });

  mountQuery(router, routes.getPointsHistory, deps, async (req, res) => {
    const id = idParam(req);
    const row = id ? await findUserById(pool, id) : null;
    if (!row) throw new NotFoundError(texts.notFound.user);
    const viewer = requireCaller(req);
    if (!isSelfOrAdmin(viewer, row.id))
      throw new ForbiddenError('Only the user and admins can see a points history.');
    const body: PointsHistory = await loadPointsHistory(pool, viewer, row.id, row.points);
    res.json(body);
  });

  return router;
};
