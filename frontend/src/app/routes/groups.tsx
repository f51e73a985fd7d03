import { texts } from '@campus/contracts';
import { OrganizationManager } from '@/features/organizations/components/organization-manager';
import styles from './groups.module.css';

/** /groups: Manage Organizations (search, Join/Leave, create, browse all). */
export const GroupsRoute = () => (
  <section className={styles.page} aria-labelledby="groups-title">
    <div className={styles.header}>
      <h1 id="groups-title" className={styles.title}>
        {texts.groups.manage.title}
      </h1>
      <p className={styles.subtitle}>{texts.groups.manage.subtitle}</p>
    </div>
    <OrganizationManager />
  </section>
);
