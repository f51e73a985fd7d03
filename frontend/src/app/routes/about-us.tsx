import { texts } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { siteContent } from '@/content/site';
import { useSession } from '@/lib/auth/session';
import styles from './about-us.module.css';

/** /about-us, signed in or out. The team grid arrives with its issue. */
export const AboutUsRoute = () => {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <Link
          to={signedIn ? paths.opportunities.getHref() : paths.login.getHref()}
          className={styles.brandLink}
        >
          <Logo compactOnMobile />
        </Link>
        {signedIn ? null : (
          <ButtonLink to={paths.login.getHref()} variant="secondary" size="small">
            {texts.about.backToLogin}
          </ButtonLink>
        )}
      </div>
      <header className={styles.banner}>
        <h1 className={styles.bannerTitle}>{texts.about.title}</h1>
        <p className={styles.bannerTagline}>{texts.brand.tagline}</p>
      </header>
      <main className={styles.content}>
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>{texts.about.mission}</h2>
          <p>{siteContent.mission}</p>
        </section>
        <section className={styles.cta}>
          <h2 className={styles.sectionTitle}>{texts.about.callToAction}</h2>
          <ButtonLink to={paths.opportunities.getHref()}>{texts.about.browse}</ButtonLink>
          <a href={siteContent.termsAndPrivacyPdf} target="_blank" rel="noreferrer">
            {texts.login.terms}
          </a>
        </section>
      </main>
    </div>
  );
};
