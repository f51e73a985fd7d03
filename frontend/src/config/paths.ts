/** Every route of the app. Components link with `getHref`, the router mounts `path`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login',
  },
  register: { path: '/register', getHref: () => '/register' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  /** A mail's unsubscribe link: the signed token names the person and the kind of mail. */
  unsubscribe: {
    path: '/unsubscribe/:token',
    getHref: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  },
  opportunities: { path: '/opportunities', getHref: () => '/opportunities' },
  opportunity: {
    path: '/opportunity/:id',
    getHref: (id: string) => `/opportunity/${encodeURIComponent(id)}`,
  },
  createOpportunity: { path: '/create-opportunity', getHref: () => '/create-opportunity' },
  myOpportunities: { path: '/my-opportunities', getHref: () => '/my-opportunities' },
  groups: { path: '/groups', getHref: () => '/groups' },
  groupDetail: {
    path: '/group-detail/:id',
    getHref: (id: string) => `/group-detail/${encodeURIComponent(id)}`,
  },
  leaderboard: { path: '/leaderboard', getHref: () => '/leaderboard' },
  profile: { path: '/profile/:id', getHref: (id: string) => `/profile/${encodeURIComponent(id)}` },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  serviceHours: { path: '/hours', getHref: () => '/hours' },
  verifyHours: { path: '/hours/verify', getHref: () => '/hours/verify' },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminUserHistory: {
    path: '/admin/users/:id/history',
    getHref: (id: string) => `/admin/users/${encodeURIComponent(id)}/history`,
  },
  adminOpportunityHistory: {
    path: '/admin/opportunities/:id/history',
    getHref: (id: string) => `/admin/opportunities/${encodeURIComponent(id)}/history`,
  },
  adminOperations: { path: '/admin/operations', getHref: () => '/admin/operations' },
  adminScoringPreview: { path: '/admin/scoring-preview', getHref: () => '/admin/scoring-preview' },
  /** Admins and hosts; `from`, `to`, `as_of` and `organization` in the query hold the filters. */
  impact: { path: '/impact', getHref: () => '/impact' },
  /** Opened from the host's QR code: `?t=` carries the signed, short-lived check-in code. */
  checkIn: {
    path: '/check-in/:id',
    getHref: (id: string, token?: string) =>
      `/check-in/${encodeURIComponent(id)}${token ? `?t=${encodeURIComponent(token)}` : ''}`,
  },
  accountSetup: { path: '/account-setup', getHref: () => '/account-setup' },
  orgSetup: { path: '/org-setup', getHref: () => '/org-setup' },
} as const;

/** Only same-app paths are followed after sign-in, never another origin. */
export const safeRedirectTarget = (redirectTo: string | null): string =>
  redirectTo?.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : paths.home.getHref();
