import { texts } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { AboutUs } from '@/features/about/components/about-us';
import { useSession } from '@/lib/auth/session';
import { usePageTitle } from '../page-title';
import styles from './about-us.module.css';
import { SignedInShell } from './signed-in-root';

/** /about-us: inside the signed-in shell when signed in, with 'Back to Login' when signed out. */
export const AboutUsRoute = () => {
  const { session } = useSession();
  usePageTitle(texts.pages.aboutUs);
  if (session.status === 'signedIn') {
    return (
      <SignedInShell userId={session.userId}>
        <AboutUs />
      </SignedInShell>
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <Link to={paths.login.getHref()} className={styles.brandLink}>
          <Logo compactOnMobile />
        </Link>
        <ButtonLink
          to={paths.login.getHref()}
          variant="secondary"
          size="small"
          className={styles.back}
          icon={<ArrowLeftIcon size={18} />}
        >
          {texts.about.backToLogin}
        </ButtonLink>
      </header>
      <main className={styles.content}>
        <AboutUs />
      </main>
    </div>
  );
};
