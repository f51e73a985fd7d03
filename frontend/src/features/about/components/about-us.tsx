import { texts } from '@campus/contracts';
import { ButtonLink } from '@/components/ui/button';
import { ArrowRightIcon, FileIcon, HeartIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { siteContent } from '@/content/site';
import { teamMembers } from '@/content/team';
import { TeamMemberCard } from './team-member-card';
import styles from './about-us.module.css';

/** The About page's content: banner, mission, story, team, call to action. */
export const AboutUs = () => (
  <div className={styles.page}>
    <header className={styles.banner}>
      <div className={styles.bannerText}>
        <p className={styles.eyebrow}>{texts.brand.name}</p>
        <h1 className={styles.bannerTitle}>{texts.about.title}</h1>
        <p className={styles.bannerTagline}>{texts.brand.tagline}</p>
      </div>
      <HeartIcon className={styles.bannerArt} size={160} />
    </header>

    <div className={styles.intro}>
      <section className={styles.mission} aria-labelledby="about-mission">
        <h2 id="about-mission" className={styles.sectionTitle}>
          {texts.about.mission}
        </h2>
        <p className={styles.lead}>{siteContent.mission}</p>
        <ul className={styles.values}>
          {siteContent.values.map((value) => (
            <li key={value.title} className={styles.value}>
              <span className={styles.valueTitle}>{value.title}</span>
              <span className={styles.valueText}>{value.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.story} aria-labelledby="about-story">
        <h2 id="about-story" className={styles.sectionTitle}>
          {texts.about.story}
        </h2>
        {siteContent.originStory.map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
      </section>
    </div>

    <section aria-labelledby="about-team" className={styles.team}>
      <div className={styles.teamHeader}>
        <h2 id="about-team" className={styles.sectionTitle}>
          {texts.about.team}
        </h2>
        <p className={styles.muted}>{texts.about.teamIntro}</p>
      </div>
      <ul className={styles.teamGrid}>
        {teamMembers.map((member) => (
          <li key={member.id}>
            <TeamMemberCard member={member} />
          </li>
        ))}
      </ul>
    </section>

    <section className={styles.cta} aria-labelledby="about-cta">
      <div>
        <h2 id="about-cta" className={styles.ctaTitle}>
          {texts.about.callToAction}
        </h2>
        <p className={styles.ctaText}>{texts.about.callToActionText}</p>
      </div>
      <div className={styles.ctaActions}>
        <ButtonLink
          to={paths.opportunities.getHref()}
          className={styles.ctaButton}
          icon={<ArrowRightIcon />}
        >
          {texts.about.browse}
        </ButtonLink>
        <a
          href={siteContent.termsAndPrivacyPdf}
          target="_blank"
          rel="noreferrer"
          className={styles.terms}
        >
          <FileIcon size={16} />
          {texts.login.terms}
        </a>
      </div>
    </section>
  </div>
);
