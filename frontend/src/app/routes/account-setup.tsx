import { texts } from '@campus/contracts';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AccountSetup } from '@/features/onboarding/components/account-setup';
import { OrganizationManager } from '@/features/organizations/components/organization-manager';
import { firstNameOf, useCurrentUser } from '@/lib/auth/use-current-user';
import { finishOnboarding } from '@/lib/onboarding-flag';
import { usePageTitle } from '../page-title';

/** /account-setup and /org-setup: the greeting, the organizations to join or create, Continue. */
export const AccountSetupRoute = () => {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  usePageTitle(texts.pages.accountSetup);
  return (
    <AccountSetup
      firstName={user ? firstNameOf(user) : ''}
      onContinue={() => {
        finishOnboarding();
        void navigate(paths.opportunities.getHref());
      }}
    >
      <OrganizationManager />
    </AccountSetup>
  );
};
