import { texts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { CalendarIcon, GraduationIcon, MapPinIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { TeamMember } from '@/content/team';
import { storyPreview } from './story-preview';
import styles from './team-member-card.module.css';

type TeamMemberCardProps = { member: TeamMember };

/** One member of Our Team; the card opens their profile, See More / See Less toggles the story. */
export const TeamMemberCard = ({ member }: TeamMemberCardProps) => {
  const [expanded, setExpanded] = useState(false);
  const storyId = useId();
  const preview = storyPreview(member.favoriteServiceStory);
  const isCut = preview !== member.favoriteServiceStory;

  return (
    <article className={styles.card} aria-labelledby={`${storyId}-name`}>
      <Avatar
        src={member.picture}
        name={member.name}
        alt={member.name}
        size="xlarge"
        className={styles.picture}
      />
      <div className={styles.identity}>
        <h3 id={`${storyId}-name`} className={styles.name}>
          <Link to={paths.profile.getHref(member.id)} className={styles.profileLink}>
            {member.name}
          </Link>
        </h3>
        <p className={styles.role}>{member.roleTitle}</p>
        <p className={styles.fact}>
          <GraduationIcon size={16} />
          <span>
            <span className="visually-hidden">{texts.about.major}: </span>
            {member.major}
          </span>
        </p>
        <p className={styles.fact}>
          <CalendarIcon size={16} />
          <span>{texts.about.classOf(member.classYear)}</span>
        </p>
        <p className={styles.fact}>
          <MapPinIcon size={16} />
          <span>
            <span className="visually-hidden">{texts.about.hometown}: </span>
            {member.hometown}
          </span>
        </p>
      </div>
      <ul className={styles.organizations} aria-label={texts.about.organizations}>
        {member.organizations.map((organization) => (
          <li key={organization} className={styles.organization}>
            {organization}
          </li>
        ))}
      </ul>
      <div className={styles.story}>
        <h4 className={styles.storyTitle}>{texts.about.favoriteStory}</h4>
        <p id={storyId} className={styles.storyText}>
          {expanded ? member.favoriteServiceStory : preview}
        </p>
        {isCut ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={storyId}
            aria-label={
              expanded
                ? texts.about.seeLessAbout(member.name)
                : texts.about.seeMoreAbout(member.name)
            }
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? texts.about.seeLess : texts.about.seeMore}
          </button>
        ) : null}
      </div>
    </article>
  );
};
