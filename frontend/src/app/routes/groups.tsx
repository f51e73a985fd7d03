import { texts } from '@campus/contracts';
import { OrganizationManager } from '@/features/organizations/components/organization-manager';
import { usePageTitle } from '../page-title';
import styles from './groups.module.css';

/** /groups: Manage Organizations (search, Join/Leave, create, browse all). */
export const GroupsRoute = () => {
  usePageTitle(texts.pages.groups);
  return (
    <section className={styles.page} aria-labelledby="groups-title">
      <div className={styles.header}>
        {/* Takes focus after a navigation to this page. */}
        <h1 id="groups-title" className={styles.title} tabIndex={-1}>
          {texts.groups.manage.title}
        </h1>
        <p className={styles.subtitle}>{texts.groups.manage.subtitle}</p>
      </div>
      <OrganizationManager />
    </section>
  );
};
