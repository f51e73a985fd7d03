import { texts } from '@campus/contracts';
import type { ComponentType, ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import type { IconProps } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import styles from './coming-soon.module.css';

export type ComingSoonProps = {
  title: string;
  icon: ComponentType<IconProps>;
  /** Extra actions next to the way back to Events. */
  actions?: ReactNode;
};

/** A signed-in route whose screen arrives with its own issue. */
export const ComingSoon = ({ title, icon: Icon, actions }: ComingSoonProps) => (
  <section className={styles.page}>
    <h1 className={styles.title}>{title}</h1>
    <div className={styles.card}>
      <span className={styles.icon}>
        <Icon size={32} />
      </span>
      <p className={styles.text}>{texts.common.comingSoon}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.opportunities.getHref()} variant="secondary">
          {texts.events.title}
        </ButtonLink>
        {actions}
      </div>
    </div>
  </section>
);
