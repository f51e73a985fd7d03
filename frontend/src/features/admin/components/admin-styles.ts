import page from '@/components/layouts/admin-tool-page.module.css';
import own from './admin.module.css';

/** The shared admin tool page styles, with the panel's own (header, cards, approvals) beside them. */
export const styles = { ...page, ...own };
