/**
 * The header that sets the instant a request to the tooling command service is decided at (an ISO
 * 8601 instant). Only that tool-run instance reads it; the product's services never do.
 */
export const TOOLING_CLOCK_HEADER = 'x-tooling-clock';
