import { texts } from '@campus/contracts';
import { Button } from '@/components/ui/button';
import styles from './account-setup.module.css';

export type AccountSetupProps = { firstName: string; onContinue: () => void };

/** /account-setup and /org-setup: greets the user; organization search comes with its issue. */
export const AccountSetup = ({ firstName, onContinue }: AccountSetupProps) => (
  <section className={styles.setup}>
    <h1 className={styles.title}>{texts.onboarding.greeting(firstName)}</h1>
    <p className={styles.text}>{texts.onboarding.setupText}</p>
    <div className={styles.actions}>
      <Button onClick={onContinue}>{texts.onboarding.continue}</Button>
    </div>
  </section>
);
