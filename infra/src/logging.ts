import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs (pino); quiet in tests unless LOG_LEVEL says otherwise. */
export const createLogger = (service: string, level = process.env['LOG_LEVEL']): Logger =>
  pino({
    name: service,
    level: level ?? (process.env['VITEST'] ? 'silent' : 'info'),
  });
