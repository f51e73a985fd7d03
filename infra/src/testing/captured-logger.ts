import { Writable } from 'node:stream';
import { createLogger } from '../logging';

/** A debug-level logger whose lines (JSON, one per entry) a test reads from `lines`. */
export const capturedLogger = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger('test', 'debug', stream) };
};
