import { texts } from '@campus/contracts';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageTitle } from '../page-title';

export const LoginRoute = () => {
  usePageTitle(texts.pages.signIn);
  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
  );
};
