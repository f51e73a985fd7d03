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
  opportunities: { path: '/opportunities', getHref: () => '/opportunities' },
  createOpportunity: { path: '/create-opportunity', getHref: () => '/create-opportunity' },
  accountSetup: { path: '/account-setup', getHref: () => '/account-setup' },
  orgSetup: { path: '/org-setup', getHref: () => '/org-setup' },
  profile: { path: '/profile/:id', getHref: (id: string) => `/profile/${encodeURIComponent(id)}` },
} as const;

/** Only same-app paths are followed after sign-in, never another origin. */
export const safeRedirectTarget = (redirectTo: string | null): string =>
  redirectTo?.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : paths.home.getHref();
