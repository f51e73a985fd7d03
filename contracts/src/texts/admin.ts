/**
 * User-facing texts of the admin screens (/admin, the audit views, operations), verbatim from the
 * spec where it gives them; the rest are this screen family's own words.
 */
export const adminTexts = {} as const;
