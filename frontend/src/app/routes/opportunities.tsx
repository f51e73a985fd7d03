import { texts } from '@campus/contracts';
import { OnboardingBanner } from '@/features/onboarding/components/onboarding-banner';
import { OpportunitiesList } from '@/features/opportunities/components/opportunities-list';
import { firstNameOf, useCurrentUser } from '@/lib/auth/use-current-user';
import { finishOnboarding, useOnboardingPending } from '@/lib/onboarding-flag';
import { usePageTitle } from '../page-title';

export const OpportunitiesRoute = () => {
  const { data: user } = useCurrentUser();
  const onboarding = useOnboardingPending();
  usePageTitle(texts.pages.events);
  return (
    <>
      {onboarding && user ? (
        <OnboardingBanner firstName={firstNameOf(user)} onDismiss={finishOnboarding} />
      ) : null}
      <OpportunitiesList />
    </>
  );
};
