import styles from './divider.module.css';

type DividerProps = { label: string };

/** A horizontal rule with a word in the middle ('or'). */
export const Divider = ({ label }: DividerProps) => (
  <div className={styles.divider} role="separator" aria-label={label}>
    <span aria-hidden="true">{label}</span>
  </div>
);
