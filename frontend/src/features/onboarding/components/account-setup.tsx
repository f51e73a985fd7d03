import { texts } from '@campus/contracts';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import styles from './account-setup.module.css';

type AccountSetupProps = {
  /** Empty while the profile loads. */
  firstName: string;
  onContinue: () => void;
  /** The organizations to search, join, create and browse. */
  children?: ReactNode;
};

/** /account-setup and /org-setup: greets the user by first name, then Continue to Events. */
export const AccountSetup = ({ firstName, onContinue, children }: AccountSetupProps) => (
  <section className={styles.setup} aria-labelledby="account-setup-title">
    <div className={styles.header}>
      <h1 id="account-setup-title" className={styles.title}>
        {firstName ? texts.onboarding.greeting(firstName) : texts.groups.onboarding.welcome}
      </h1>
      <p className={styles.text}>{texts.groups.onboarding.setupText}</p>
    </div>
    {children ? <div className={styles.body}>{children}</div> : null}
    <div className={styles.actions}>
      <p className={styles.hint}>{texts.groups.onboarding.continueHint}</p>
      <Button onClick={onContinue}>{texts.onboarding.continue}</Button>
    </div>
  </section>
);
