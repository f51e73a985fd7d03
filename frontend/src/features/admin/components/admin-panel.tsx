import { adminTexts, scoringPreviewTexts } from '@campus/contracts';
import { ButtonLink } from '@/components/ui/button';
import { ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ApprovedEmailForm } from './approved-email-form';
import { CsvExports } from './csv-exports';
import { SecurityToken } from './security-token';
import { ServiceHoursSection } from './service-hours';
import { SummaryCards } from './summary-cards';
import { UnapprovedTables } from './unapproved-tables';
import { UserEmails } from './user-emails';
import { UserLookup } from './user-lookup';
import { styles } from './admin-styles';

const t = adminTexts.panel;

/** /admin: the Admin Panel. The route guard keeps everyone but admins out. */
export const AdminPanel = () => (
  <div className={styles.page}>
    <header className={styles.header}>
      <div>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.muted}>{t.subtitle}</p>
      </div>
      <nav className={styles.headerLinks} aria-label={t.toolsLabel}>
        <ButtonLink
          to={paths.adminOperations.getHref()}
          variant="secondary"
          icon={<ShieldIcon size={18} />}
        >
          {t.operationsLink}
        </ButtonLink>
        <ButtonLink to={paths.adminScoringPreview.getHref()} variant="secondary">
          {scoringPreviewTexts.link}
        </ButtonLink>
      </nav>
    </header>
    <SummaryCards />
    <UnapprovedTables />
    <ServiceHoursSection />
    <div className={styles.grid}>
      <CsvExports />
      <UserEmails />
      <ApprovedEmailForm />
      <SecurityToken />
      <UserLookup />
    </div>
  </div>
);
