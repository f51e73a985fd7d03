import { z } from 'zod';

/** RFC 9457 problem details, the body of every error answer. `message` mirrors `detail` for the UI. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string(),
  /** The offending fields of a 400, each with what is wrong with it. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export type Problem = z.infer<typeof problemSchema>;
