import { texts, type User } from '@campus/contracts';
import { Navigate, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useSession } from '@/lib/auth/session';
import { startOnboarding } from '@/lib/onboarding-flag';
import { usePageTitle } from '../page-title';

export const RegisterRoute = () => {
  const { session, completeRegistration, logout } = useSession();
  const navigate = useNavigate();
  usePageTitle(texts.pages.register);
  if (session.status === 'signedIn') {
    return <Navigate to={paths.opportunities.getHref()} replace />;
  }

  const onRegistered = (user: User) => {
    startOnboarding();
    completeRegistration(user);
    void navigate(paths.opportunities.getHref(), { replace: true });
  };

  return (
    <AuthLayout>
      <RegisterForm
        email={session.status === 'needsRegistration' ? session.email : null}
        onRegistered={onRegistered}
        onBackToSignIn={() => void logout()}
      />
    </AuthLayout>
  );
};
