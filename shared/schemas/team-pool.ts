import * as z from 'zod/mini';

/**
 * GET /api/team/pool: the pool that pays first for the caller's work, or null (in no team). For
 * every member, so the portal and the widget can say which balance a charge comes from.
 */
export const teamPoolResponseSchema = z.object({
  pool: z.nullable(
    z.object({
      teamName: z.string(),
      credits: z.number(),
      /** What the caller's monthly cap still allows; null when they have no cap. */
      capLeft: z.nullable(z.number()),
    }),
  ),
});
export type TeamPoolResponse = z.infer<typeof teamPoolResponseSchema>;
