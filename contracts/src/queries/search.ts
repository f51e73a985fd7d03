import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../domain/constants';
import { friendshipStatusSchema } from './friendships';
import { searchTextParam } from './params';

/** GET /api/search?q= (the header search: 4 + 4, case-insensitive, caller excluded). */
export const searchQuerySchema = z.object({
  q: searchTextParam.min(1, 'Enter something to search'),
});

export const searchResultSchema = z.object({
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      profile_image: z.string().nullable(),
      friendship_status: friendshipStatusSchema,
      friendship_id: z.string().nullable(),
    }),
  ),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(ORGANIZATION_TYPES),
      is_member: z.boolean(),
      is_host: z.boolean(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
