import page from '@/components/layouts/admin-tool-page.module.css';
import own from './impact.module.css';

/** The shared admin tool page styles, with the dashboard's own (filters, cards, charts) beside them. */
export const styles = { ...page, ...own };
