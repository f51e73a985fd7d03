import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AccountSetup } from '@/features/onboarding/components/account-setup';
import { firstNameOf, useCurrentUser } from '@/lib/auth/use-current-user';
import { finishOnboarding } from '@/lib/onboarding-flag';

export const AccountSetupRoute = () => {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  return (
    <AccountSetup
      firstName={user ? firstNameOf(user) : ''}
      onContinue={() => {
        finishOnboarding();
        void navigate(paths.opportunities.getHref());
      }}
    />
  );
};
