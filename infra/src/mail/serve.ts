import { startCatchAllSmtp } from './catch-all-smtp';

/**
 * The demo's catch-all SMTP server: `tsx infra/src/mail/serve.ts` (infra/scripts/start.sh runs
 * it). SMTP_PORT (default 2525) and MAIL_DIR (default var/mail) say where it listens and keeps mail.
 */
const port = Number(process.env.SMTP_PORT ?? 2525);
const dir = process.env.MAIL_DIR ?? 'var/mail';
const smtp = await startCatchAllSmtp({ port, dir });
console.log(`catch-all SMTP server on ${smtp.host}:${smtp.port}; mail kept in ${dir}`);
const stop = () => {
  void smtp.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
