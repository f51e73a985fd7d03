import page from '@/components/layouts/admin-tool-page.module.css';
import own from './audit.module.css';

/** The shared admin tool page styles, with the audit pages' own (header, card, phone rows) beside them. */
export const styles = { ...page, ...own };
