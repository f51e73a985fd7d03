import { useRef, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { demoAccounts } from '@/content/demo-accounts';
import { signInWithEmulatorAccount } from '@/lib/auth/emulator-sign-in';
import { getFirebaseAuth } from '@/lib/auth/firebase';
import type { ProviderSignIn } from '@/lib/auth/session';
import styles from './emulator-sign-in-dialog.module.css';
import { emulatorSignInTexts as t } from './emulator-sign-in-texts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type EmulatorSignInDialogProps = {
  onClose: () => void;
  onSignIn: (providerSignIn: ProviderSignIn) => void;
};

/** Emulator mode's stand-in for Google's popup: pick a demo account or type any email. */
export const EmulatorSignInDialog = ({ onClose, onSignIn }: EmulatorSignInDialogProps) => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const choose = (address: string, name?: string) =>
    onSignIn(async () => signInWithEmulatorAccount(await getFirebaseAuth(), address, name));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      // Read out at once (an alert), tied to the field (aria-invalid, aria-describedby), and the
      // field gets focus back to be corrected.
      setError(t.invalidEmail);
      emailRef.current?.focus();
      return;
    }
    choose(address);
  };

  return (
    <Dialog title={t.title} description={t.description} onClose={onClose}>
      <p className={styles.accountsLabel} id="demo-accounts-label">
        {t.accountsLabel}
      </p>
      <ul className={styles.accounts} aria-labelledby="demo-accounts-label">
        {demoAccounts.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              className={styles.account}
              onClick={() => choose(account.email, account.name)}
            >
              <span className={styles.avatar} aria-hidden="true">
                {account.name.charAt(0)}
              </span>
              <span className={styles.who}>
                <span className={styles.name}>{account.name}</span>
                <span className={styles.email}>{account.email}</span>
              </span>
              <span className={styles.role}>{account.role}</span>
            </button>
          </li>
        ))}
      </ul>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          ref={emailRef}
          label={t.otherEmail}
          type="email"
          autoComplete="email"
          placeholder={t.otherEmailPlaceholder}
          value={email}
          error={error}
          announceError
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <div className={styles.buttons}>
          <Button variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit">{t.submit}</Button>
        </div>
      </form>
    </Dialog>
  );
};
