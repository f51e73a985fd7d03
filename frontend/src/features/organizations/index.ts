export { useApprovedOrganizations } from './api/list-organizations';
