/** Admins' audit reads: point history lines and an opportunity's event history (spread into `routes`). */
export const auditRoutes = {} as const;
