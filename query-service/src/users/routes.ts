import { Router } from 'express';
import { isUniversityEmail, routes, texts, type PublicConfig } from '@campus/contracts';
import { callerOf, identityOf, NotFoundError, reservationHash } from '@campus/infra';
import { mountQuery, type QueryDeps } from '../http/context';
import {
  findUserByEmailHash,
  findUserById,
  isEmailOnApprovedList,
  toUserResponse,
} from './queries';

const addressParam = (value: unknown): string =>
  typeof value === 'string' ? value.trim().toLowerCase() : '';

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
    res.json(toUserResponse(row, viewer));
  });

  mountQuery(router, routes.getUser, deps, async (req, res) => {
    const row = await findUserById(pool, String(req.params['id']));
    if (!row) throw new NotFoundError(texts.notFound.user);
    res.json(toUserResponse(row, callerOf(req)));
  });

  return router;
};
