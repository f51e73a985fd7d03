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
  mayContact,
  toUserResponse,
} from './queries';

const addressParam = (value: unknown): string =>
  typeof value === 'string' ? value.trim().toLowerCase() : '';

/** points / 60 with one decimal (spec 9). */
export const hoursOf = (points: number): number => Math.round((points / 60) * 10) / 10;

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
    // The signed-in person looking themselves up (sign-in) sees their own contact fields.
    const viewer =
      callerOf(req) ??
      (identityOf(req).email === address ? { userId: row.id, admin: false } : null);
    const relations = (await loadRelations(pool, [row.id])).get(row.id);
    res.json(toUserResponse(row, await mayContact(pool, viewer, row.id), relations));
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
    const relations = await loadRelations(
      pool,
      rows.map((r) => r.id),
    );
    res.json(
      rows.map((row) => toUserResponse(row, isSelfOrAdmin(viewer, row.id), relations.get(row.id))),
    );
  });

  mountQuery(router, routes.getUser, deps, async (req, res) => {
    const id = idParam(req);
    const profile = id ? await loadProfile(pool, requireCaller(req), id) : null;
    if (!profile) throw new NotFoundError(texts.notFound.user);
    const { user, relations, may_contact } = profile;
    const body: UserProfile = {
      ...toUserResponse(user, may_contact, relations),
      badges: badgesOf(profile.badges),
      friend_count: profile.friend_count,
      signup_count: profile.signup_count,
      hours: hoursOf(user.points),
    };
    res.json(body);
  });

  mountQuery(router, routes.getPointsHistory, deps, async (req, res) => {
    const id = idParam(req);
    const row = id ? await findUserById(pool, id) : null;
    if (!row) throw new NotFoundError(texts.notFound.user);
    if (!isSelfOrAdmin(requireCaller(req), row.id))
      throw new ForbiddenError('Only the user and admins can see a points history.');
    const body: PointsHistory = await loadPointsHistory(pool, row.id, row.points);
    res.json(body);
  });

  return router;
};
