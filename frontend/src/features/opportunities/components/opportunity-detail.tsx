import { hasEnded, hasStarted, texts, type OpportunityDetail, hostTexts } from '@campus/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ExternalIcon, MailIcon, MegaphoneIcon, PhoneIcon } from '@/components/ui/detail-icons';
import { FailureAlert } from '@/components/ui/failure-alert';
import { ArrowLeftIcon, HeartIcon, MapPinIcon, UsersIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  AnnouncementComposer,
  EditDetailsForm,
  GoToHostTools,
  HostFacts,
  HostPanel,
  ManageBar,
  useParticipantChange,
} from '@/features/host-tools';
import { ApiError, serverMessageOf } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { cx } from '@/lib/cx';
import { formatShortDate, formatTime } from '@/lib/format-date';
import { useServerNow } from '@/lib/use-server-now';
import { useOpportunity } from '../api/get-opportunity';
import { mapsSearchUrl } from '../utils/maps';
import { LinkedText } from './linked-text';
import { LoadError } from './load-error';
import styles from './opportunity-detail.module.css';
import { OpportunityImage } from './opportunity-image';
import { SignupCard } from './signup-card';

const d = texts.opportunities.detail;

type OpportunityDetailScreenProps = { id: string };

/**
 * /opportunity/{id}: the student's view, and for the host or an admin
 * edit mode, the announcement composer and, in place of the sign-up card, the facts and the host
 * panel. On narrow screens the host's facts come first, then the description, then the tools.
 */
export const OpportunityDetailScreen = ({ id }: OpportunityDetailScreenProps) => {
  const query = useOpportunity(id);
  const { data: user } = useCurrentUser();
  const now = useServerNow();
  const [editing, setEditing] = useState(false);
  /** The details were just saved: the page says so until edit mode opens again. */
  const [saved, setSaved] = useState(false);

  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label={d.loading} />
      </div>
    );
  }
  // A failed refresh keeps what was loaded on screen; only a first load that fails shows the error.
  const o = query.data;
  if (!o) {
    return (
      <section className={styles.page}>
        <BackToEvents />
        <h1 className={styles.errorTitle}>{texts.pages.opportunity}</h1>
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <p className={styles.notFound} role="alert">
            {texts.notFound.opportunity}
          </p>
        ) : (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        )}
      </section>
    );
  }

  const isAdmin = user?.admin ?? false;
  const manages = o.is_host || isAdmin;
  const ended = hasEnded(now, o.starts_at, o.duration);
  return (
    <article className={styles.page} aria-labelledby="opportunity-title">
      <BackToEvents />
      <Hero opportunity={o} isAdmin={isAdmin} />
      {manages ? (
        <ManageBar
          opportunity={o}
          editing={editing}
          onEdit={() => {
            setSaved(false);
            setEditing(true);
          }}
        />
      ) : null}
      <div className={cx(styles.layout, manages && styles.layoutManaged)}>
        {manages ? (
          <div className={styles.facts}>
            <HostFacts opportunity={o}>
              <GoToHostTools className={styles.toolsLink} />
            </HostFacts>
          </div>
        ) : null}
        <div className={styles.main}>
          {saved && !editing ? <Alert tone="success">{hostTexts.manage.updated}</Alert> : null}
          {editing ? (
            <EditDetailsForm
              opportunity={o}
              onDone={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                setSaved(true);
              }}
            />
          ) : (
            <section className={styles.section} aria-labelledby="about-heading">
              <h2 id="about-heading" className={styles.sectionTitle}>
                {d.about}
              </h2>
              <LinkedText text={o.description} className={styles.description} />
            </section>
          )}
          <CausesAndTags opportunity={o} />
          <Participants opportunity={o} canUnregister={manages} ended={ended} />
          <Announcements opportunity={o} canPost={manages} />
        </div>
        {manages ? (
          <div className={styles.tools}>
            <HostPanel opportunity={o} isAdmin={isAdmin} started={hasStarted(now, o.starts_at)} />
          </div>
        ) : (
          <div className={styles.signup}>
            <SignupCard opportunity={o} user={user} now={now} />
          </div>
        )}
        <div className={styles.aside}>
          <Location address={o.address} />
          <ContactHost opportunity={o} manages={manages} />
          <TopOrganizations opportunity={o} />
        </div>
      </div>
    </article>
  );
};

const BackToEvents = () => (
  <div>
    <ButtonLink
      to={paths.opportunities.getHref()}
      variant="ghost"
      size="small"
      icon={<ArrowLeftIcon size={18} />}
    >
      {d.backToEvents}
    </ButtonLink>
  </div>
);

type SectionProps = { opportunity: OpportunityDetail };

const Hero = ({ opportunity: o, isAdmin }: SectionProps & { isAdmin: boolean }) => (
  <header className={styles.hero}>
    <OpportunityImage src={o.imageUrl} causes={o.causes} className={styles.heroImage} eager />
    <div className={styles.heroText}>
      {o.is_host || isAdmin ? (
        <div className={styles.badges}>
          {o.is_host ? (
            <span className={styles.badge}>{d.youAreTheHost}</span>
          ) : (
            <span className={cx(styles.badge, styles.badgeAdmin)}>{d.adminView}</span>
          )}
        </div>
      ) : null}
      <h1 id="opportunity-title" className={styles.title}>
        {o.name}
      </h1>
      <div className={styles.heroMeta}>
        {o.nonprofit ? (
          <p className={styles.heroLine}>
            <HeartIcon size={18} />
            <span>
              <span className="visually-hidden">{d.nonprofit}: </span>
              {o.nonprofit}
            </span>
          </p>
        ) : null}
        {o.host_org_name ? (
          <p className={styles.heroLine}>
            <UsersIcon size={18} />
            <span>
              <span className="visually-hidden">{d.hostOrganization}: </span>
              {o.host_org_id ? (
                <Link to={paths.groupDetail.getHref(o.host_org_id)} className={styles.heroLink}>
                  {o.host_org_name}
                </Link>
              ) : (
                o.host_org_name
              )}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  </header>
);

const CausesAndTags = ({ opportunity: o }: SectionProps) => {
  if (!o.causes.length && !o.tags.length && !o.qualifications.length) return null;
  const lists = [
    { title: d.causes, items: o.causes, className: styles.cause },
    { title: d.tags, items: o.tags, className: styles.tag },
    { title: d.qualifications, items: o.qualifications, className: styles.tag },
  ].filter((list) => list.items.length > 0);
  return (
    <section className={styles.section}>
      <div className={styles.chipGroups}>
        {lists.map((list) => (
          <div key={list.title} className={styles.chipGroup}>
            <h2 className={styles.smallTitle}>{list.title}</h2>
            <ul className={styles.chips}>
              {list.items.map((item) => (
                <li key={item} className={list.className}>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
};

type Person = OpportunityDetail['involved_users'][number];

/**
 * The participant list with its count; the open slots only while the opportunity has not ended.
 * The host and admins may unregister anyone, after confirming the person's name.
 */
const Participants = ({
  opportunity: o,
  canUnregister,
  ended,
}: SectionProps & { canUnregister: boolean; ended: boolean }) => {
  const unregister = useParticipantChange(o.id, 'unregister');
  const [confirming, setConfirming] = useState<Person | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const a = hostTexts.admin;
  return (
    <section className={styles.section} aria-labelledby="participants-heading">
      <div className={styles.sectionHeader}>
        <h2 id="participants-heading" className={styles.sectionTitle}>
          {d.participants}{' '}
          <span className={styles.count} data-testid="participant-count">
            {d.participantCount(o.registered_count, o.total_slots)}
          </span>
        </h2>
        {ended ? null : (
          <p className={o.slots_left > 0 ? styles.available : styles.unavailable}>
            {o.slots_left > 0 ? d.availableSlots(o.slots_left) : d.noSlotsAvailable}
          </p>
        )}
      </div>
      {o.involved_users.length ? (
        <ul className={cx(styles.people, canUnregister && styles.peopleManaged)}>
          {o.involved_users.map((person) => (
            <li key={person.id}>
              <Link to={paths.profile.getHref(person.id)} className={styles.person}>
                <Avatar src={person.profile_image} name={person.name} size="small" />
                <span>{person.name}</span>
              </Link>
              {canUnregister ? (
                <Button
                  size="small"
                  variant="ghost"
                  className={styles.unregister}
                  aria-label={a.unregisterUser(person.name)}
                  loading={unregister.isPending && unregister.variables === person.id}
                  onClick={() => {
                    unregister.reset();
                    setRemoved(null);
                    setConfirming(person);
                  }}
                >
                  {a.unregister}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{d.noParticipants}</p>
      )}
      {removed ? <Alert tone="success">{a.unregistered(removed)}</Alert> : null}
      {unregister.isError ? (
        <FailureAlert message={a.unregisterFailed} detail={serverMessageOf(unregister.error)} />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={a.unregisterTitle(confirming.name)}
          message={a.unregisterConfirm(confirming.name)}
          confirmLabel={a.unregister}
          cancelLabel={a.cancel}
          busy={unregister.isPending}
          destructive
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            unregister.mutate(confirming.id, {
              onSuccess: () => setRemoved(confirming.name),
              onSettled: () => setConfirming(null),
            })
          }
        />
      ) : null}
    </section>
  );
};

const Announcements = ({ opportunity: o, canPost }: SectionProps & { canPost: boolean }) => (
  <section className={styles.section} aria-labelledby="announcements-heading">
    <h2 id="announcements-heading" className={styles.sectionTitle}>
      {d.announcements}
    </h2>
    {canPost ? <AnnouncementComposer opportunityId={o.id} /> : null}
    {o.announcements.length ? (
      <ul className={styles.announcements}>
        {o.announcements.map((a) => (
          <li key={a.id} className={styles.announcement}>
            <MegaphoneIcon size={20} className={styles.announcementIcon} />
            <div>
              <LinkedText text={a.text} className={styles.announcementText} />
              <p className={styles.announcementMeta}>
                {d.postedByHost} ·{' '}
                <time dateTime={a.posted_at}>
                  {formatShortDate(a.posted_at)} {formatTime(a.posted_at)}
                </time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    ) : (
      <p className={styles.muted}>{d.noAnnouncements}</p>
    )}
  </section>
);

const Location = ({ address }: { address: string | null }) => (
  <section className={styles.sideCard} aria-labelledby="location-heading">
    <h2 id="location-heading" className={styles.smallTitle}>
      {d.location}
    </h2>
    {address ? (
      <a
        className={styles.location}
        href={mapsSearchUrl(address)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <MapPinIcon size={20} />
        <span>
          {address}
          <span className={styles.mapsHint}>
            {d.openInMaps}
            <ExternalIcon size={14} />
          </span>
          <span className="visually-hidden"> {d.opensInNewTab}</span>
        </span>
      </a>
    ) : (
      <p className={styles.muted}>{d.noLocation}</p>
    )}
  </section>
);

/** The host's phone is for registered participants; the hint about it is not for the host or admins. */
const ContactHost = ({ opportunity: o, manages }: SectionProps & { manages: boolean }) => (
  <section className={styles.sideCard} aria-labelledby="contact-heading">
    <h2 id="contact-heading" className={styles.smallTitle}>
      {d.contactHost}
    </h2>
    <Link to={paths.profile.getHref(o.host.id)} className={styles.person}>
      <Avatar src={o.host.profile_image} name={o.host.name} size="small" />
      <span>{o.host.name}</span>
    </Link>
    {o.host.email ? (
      <a className={styles.contact} href={`mailto:${o.host.email}`}>
        <MailIcon size={18} />
        <span className="visually-hidden">{d.email}: </span>
        {o.host.email}
      </a>
    ) : null}
    {o.is_registered && o.host.phone ? (
      <a className={styles.contact} href={`tel:${o.host.phone}`}>
        <PhoneIcon size={18} />
        <span className="visually-hidden">{d.phone}: </span>
        {o.host.phone}
      </a>
    ) : !o.is_registered && !manages ? (
      <p className={styles.muted}>{d.phoneAfterSignup}</p>
    ) : null}
  </section>
);

const TopOrganizations = ({ opportunity: o }: SectionProps) =>
  o.top_organizations.length ? (
    <section className={styles.sideCard} aria-labelledby="top-orgs-heading">
      <h2 id="top-orgs-heading" className={styles.smallTitle}>
        {d.topOrganizations}
      </h2>
      <ol className={styles.orgs}>
        {o.top_organizations.map((org) => (
          <li key={org.id}>
            <Link to={paths.groupDetail.getHref(org.id)}>{org.name}</Link>
            <span className={styles.muted}>{d.organizationAttendees(org.attendee_count)}</span>
          </li>
        ))}
      </ol>
    </section>
  ) : null;
