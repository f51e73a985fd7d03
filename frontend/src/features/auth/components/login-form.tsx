import { texts } from '@campus/contracts';
import { Suspense, lazy, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Divider } from '@/components/ui/divider';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { siteContent } from '@/content/site';
import { useSession } from '@/lib/auth/session';
import { usePublicConfig } from '@/lib/public-config';
import styles from './login-form.module.css';

// Emulator mode only: a production build (VITE_AUTH_MODE=firebase) drops this import entirely.
const EmulatorSignInDialog =
  import.meta.env.VITE_AUTH_MODE === 'emulator'
    ? lazy(() =>
        import('./emulator-sign-in-dialog').then((module) => ({
          default: module.EmulatorSignInDialog,
        })),
      )
    : null;

const GoogleIcon = () => (
  <svg className={styles.googleIcon} viewBox="0 0 24 24" aria-hidden="true">
    <path
      fill="#4285F4"
      d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.8h3.6c2.1-1.9 3.2-4.8 3.2-8.1z"
    />
    <path
      fill="#34A853"
      d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23z"
    />
    <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
    <path
      fill="#EA4335"
      d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z"
    />
  </svg>
);

/** The contact sentence with its mailbox as a mail link. */
const ContactLine = ({ email }: { email: string }) => {
  const [before = '', after = ''] = texts.login.nonStudent(email).split(email);
  return (
    <p>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </p>
  );
};

/** /login: both buttons start the provider sign-in; the session decides where it leads. */
export const LoginForm = () => {
  const { session, signIn } = useSession();
  const config = usePublicConfig();
  const [chooserOpen, setChooserOpen] = useState(false);
  const supportEmail = config.data?.supportEmail ?? siteContent.supportEmail;
  const loading = session.status === 'signingIn';
  const error = session.status === 'signedOut' ? session.error : null;

  const startSignIn = () => {
    if (EmulatorSignInDialog) setChooserOpen(true);
    else void signIn();
  };

  return (
    <div className={styles.login}>
      <div className={styles.brand}>
        <LogoMark className={styles.mark} />
        <h1 className={styles.title}>{texts.brand.name}</h1>
        <p className={styles.tagline}>{texts.brand.tagline}</p>
      </div>
      <p className={styles.welcome}>{texts.login.welcome}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={styles.actions}>
        <Button fullWidth loading={loading} icon={<GoogleIcon />} onClick={startSignIn}>
          {loading ? texts.login.signingIn : texts.login.signIn}
        </Button>
        <Divider label={texts.login.or} />
        <Button variant="secondary" fullWidth disabled={loading} onClick={startSignIn}>
          {texts.login.createAccount}
        </Button>
        <ButtonLink variant="ghost" fullWidth to={paths.aboutUs.getHref()}>
          {texts.login.about}
        </ButtonLink>
      </div>
      <div className={styles.footer}>
        <a href={siteContent.termsAndPrivacyPdf} target="_blank" rel="noreferrer">
          {texts.login.terms}
        </a>
        <ContactLine email={supportEmail} />
      </div>
      {EmulatorSignInDialog && chooserOpen ? (
        <Suspense fallback={null}>
          <EmulatorSignInDialog
            onClose={() => setChooserOpen(false)}
            onSignIn={(providerSignIn) => {
              setChooserOpen(false);
              void signIn(providerSignIn);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
};
