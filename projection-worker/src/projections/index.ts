import type { Projection } from '../projector/projection';
import { usersProjection } from './users/users-projection';

/** Every projection the worker runs, in the order each batch applies them. */
export const allProjections: readonly Projection[] = [usersProjection];
