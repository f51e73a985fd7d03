import { texts } from '@campus/contracts';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './onboarding-banner.module.css';

type OnboardingBannerProps = { firstName: string; onDismiss: () => void };

/** Shown on /opportunities right after registration: leads to /account-setup. */
export const OnboardingBanner = ({ firstName, onDismiss }: OnboardingBannerProps) => (
  <section className={styles.banner} aria-label={texts.onboarding.bannerAction}>
    <div className={styles.text}>
      <h2 className={styles.title}>{texts.onboarding.bannerTitle(firstName)}</h2>
      <p className={styles.body}>{texts.onboarding.bannerText}</p>
    </div>
    <div className={styles.actions}>
      <ButtonLink to={paths.accountSetup.getHref()} size="small">
        {texts.onboarding.bannerAction}
      </ButtonLink>
      <Button variant="ghost" size="small" onClick={onDismiss}>
        {texts.onboarding.dismiss}
      </Button>
    </div>
  </section>
);
