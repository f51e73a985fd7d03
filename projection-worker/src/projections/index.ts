import type { Projection } from '../projector/projection';
import { badgesProjection } from './badges/badges-projection';
import { checkInsProjection } from './check-ins/check-ins-read-model';
import { friendshipsProjection } from './friendships/friendships-read-model';
import { impactProjection } from './impact/impact-read-model';
import { opportunitiesProjection } from './opportunities/opportunities-read-model';
import { organizationsProjection } from './organizations/organizations-read-model';
import { pointsProjection } from './points/points-read-model';
import { serviceLogsProjection } from './service-logs/service-logs-read-model';
import { usersProjection } from './users/users-projection';
import { waitlistProjection } from './waitlist/waitlist-read-model';

/**
 * Every projection the worker runs, in the order each batch applies them. Badges come last: they
 * are recomputed from the rows the others wrote in the same transaction.
 */
export const allProjections: readonly Projection[] = [
  usersProjection,
  organizationsProjection,
  opportunitiesProjection,
  friendshipsProjection,
  waitlistProjection,
  serviceLogsProjection,
  pointsProjection,
  checkInsProjection,
  impactProjection,
  badgesProjection,
];
