export { useHostsOrganizations } from './api/hosted-organizations';
