/** The API's routes table, loaded on demand by the API client (api-client.ts says why). */
export { routes } from '@campus/contracts';
