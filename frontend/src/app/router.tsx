import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { paths } from '@/config/paths';
import { HomeRedirect, SessionGate, SignedOutOnly } from './routes/guards';
import { RouteError } from './routes/route-error';

/** Every route of the app; each screen's code loads when its route is first visited. */
export const appRoutes: RouteObject[] = [
  {
    element: <SessionGate />,
    HydrateFallback: () => <PageSpinner fullscreen />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: <HomeRedirect /> },
      {
        element: <SignedOutOnly />,
        children: [
          {
            path: paths.login.path,
            lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
          },
        ],
      },
      {
        path: paths.register.path,
        lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }),
      },
      {
        path: paths.aboutUs.path,
        lazy: async () => ({ Component: (await import('./routes/about-us')).AboutUsRoute }),
      },
      {
        lazy: async () => ({
          Component: (await import('./routes/signed-in-root')).SignedInRoot,
        }),
        children: [
          {
            path: paths.opportunities.path,
            lazy: async () => ({
              Component: (await import('./routes/opportunities')).OpportunitiesRoute,
            }),
          },
          {
            path: paths.accountSetup.path,
            lazy: async () => ({
              Component: (await import('./routes/account-setup')).AccountSetupRoute,
            }),
          },
          {
            path: paths.orgSetup.path,
            lazy: async () => ({
              Component: (await import('./routes/account-setup')).AccountSetupRoute,
            }),
          },
          {
            path: paths.createOpportunity.path,
            lazy: async () => ({
              Component: (await import('./routes/create-opportunity')).CreateOpportunityRoute,
            }),
          },
        ],
      },
      // Unknown paths: '/' decides between /login and /opportunities.
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
