import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { RouteFocus } from '@/components/layouts/route-focus';
import { PopupProvider } from '@/components/ui/popup';
import { paths } from '@/config/paths';
import { HomeRedirect, RequireAdmin, SessionGate, SignedOutOnly } from './routes/guards';
import { RouteError } from './routes/route-error';

/** Every route of the app; each screen's code loads when its route is first visited. */
export const appRoutes: RouteObject[] = [
  {
    // Inside the router, so a popup's message may hold links.
    element: (
      <PopupProvider>
        <RouteFocus />
        <SessionGate />
      </PopupProvider>
    ),
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
      // Signed in or out: the page brings the signed-in shell itself.
      {
        path: paths.aboutUs.path,
        lazy: async () => ({ Component: (await import('./routes/about-us')).AboutUsRoute }),
      },
      // Signed in or out: a mail's link, which asks before it turns anything off.
      {
        path: paths.unsubscribe.path,
        lazy: async () => ({
          Component: (await import('./routes/unsubscribe')).UnsubscribeRoute,
        }),
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
            path: paths.opportunity.path,
            lazy: async () => ({
              Component: (await import('./routes/opportunity')).OpportunityRoute,
            }),
          },
          {
            path: paths.createOpportunity.path,
            lazy: async () => ({
              Component: (await import('./routes/create-opportunity')).CreateOpportunityRoute,
            }),
          },
          {
            path: paths.myOpportunities.path,
            lazy: async () => ({
              Component: (await import('./routes/my-opportunities')).MyOpportunitiesRoute,
            }),
          },
          {
            path: paths.groups.path,
            lazy: async () => ({ Component: (await import('./routes/groups')).GroupsRoute }),
          },
          {
            path: paths.groupDetail.path,
            lazy: async () => ({
              Component: (await import('./routes/group-detail')).GroupDetailRoute,
            }),
          },
          {
            path: paths.leaderboard.path,
            lazy: async () => ({
              Component: (await import('./routes/leaderboard')).LeaderboardRoute,
            }),
          },
          {
            path: paths.profile.path,
            lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
          },
          {
            path: paths.notifications.path,
            lazy: async () => ({
              Component: (await import('./routes/notifications')).NotificationsRoute,
            }),
          },
          {
            path: paths.serviceHours.path,
            lazy: async () => ({
              Component: (await import('./routes/service-hours')).ServiceHoursRoute,
            }),
          },
          {
            path: paths.verifyHours.path,
            lazy: async () => ({
              Component: (await import('./routes/verify-hours')).VerifyHoursRoute,
            }),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: paths.admin.path,
                lazy: async () => ({ Component: (await import('./routes/admin')).AdminRoute }),
              },
              {
                path: paths.adminUserHistory.path,
                lazy: async () => ({
                  Component: (await import('./routes/admin-user-history')).AdminUserHistoryRoute,
                }),
              },
              {
                path: paths.adminOpportunityHistory.path,
                lazy: async () => ({
                  Component: (await import('./routes/admin-opportunity-history'))
                    .AdminOpportunityHistoryRoute,
                }),
              },
              {
                path: paths.adminOperations.path,
                lazy: async () => ({
                  Component: (await import('./routes/admin-operations')).AdminOperationsRoute,
                }),
              },
              {
                path: paths.adminScoringPreview.path,
                lazy: async () => ({
                  Component: (await import('./routes/scoring-preview')).ScoringPreviewRoute,
                }),
              },
            ],
          },
          {
            // Admins and hosts: the page itself tells anyone else (the server decides per request).
            path: paths.impact.path,
            lazy: async () => ({ Component: (await import('./routes/impact')).ImpactRoute }),
          },
          {
            path: paths.checkIn.path,
            lazy: async () => ({
              Component: (await import('./routes/check-in')).CheckInRoute,
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
        ],
      },
      // Unknown paths: '/' decides between /login and /opportunities.
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
