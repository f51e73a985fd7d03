/** Personal-data routes: an admin erasing a student (spread into `routes`). */
export const privacyRoutes = {} as const;
