/**
 * User-facing texts of the host's and admin's tools on /create-opportunity, /opportunity/{id} and
 * /group-detail/{id}, verbatim from the spec where it gives them; the rest are this screen
 * family's own words.
 */
export const hostTexts = {} as const;
