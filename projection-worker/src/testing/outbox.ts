import type { Clock } from '@campus/contracts';
import type { CatchAllSmtp } from '@campus/infra/mail';
import { startOutbox } from '../outbox/outbox';
import { TEST_MAIL_LINKS, type ProjectionHarness } from './harness';

/**
 * The outbox of the outbox tests: the harness's store and database, mail to the catch-all `smtp`,
 * the test's clock, and rounds only when the test calls `tick` (the interval is an hour).
 */
export const startTestOutbox = (h: ProjectionHarness, smtp: CatchAllSmtp, clock: Clock) =>
  startOutbox({
    store: h.store,
    pool: h.pool,
    logger: h.logger,
    clock,
    smtp: { host: smtp.host, port: smtp.port, from: 'Campus <no-reply@university.edu>' },
    links: TEST_MAIL_LINKS,
    intervalMs: 3_600_000,
  });
