import { z } from 'zod';
import { idSchema } from './common';

/** POST /api/users/{id}/friends */
export const friendRequestSchema = z.object({ receiver_id: idSchema('receiver_id') });
