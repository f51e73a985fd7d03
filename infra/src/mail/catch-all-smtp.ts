import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the catch-all server received, parsed. */
export type ReceivedMail = {
  readonly to: readonly string[];
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  readonly messageId: string | null;
  readonly headers: ParsedMail['headers'];
};

export type CatchAllSmtp = {
  readonly host: string;
  readonly port: number;
  /** Every message received so far, in order. */
  readonly received: () => readonly ReceivedMail[];
  /** Connections that broke (a sender gone mid-session); the server went on accepting. */
  readonly connectionErrors: () => number;
  /** Resolves once at least `count` messages were received (rejects after `timeoutMs`). */
  readonly waitFor: (count: number, timeoutMs?: number) => Promise<readonly ReceivedMail[]>;
  readonly close: () => Promise<void>;
};

const addresses = (value: ParsedMail['to']): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((a) => a.address ?? '').filter(Boolean),
  );

/** A received message as the catch-all server keeps it. */
const receivedOf = (parsed: ParsedMail): ReceivedMail => ({
  to: addresses(parsed.to),
  from: addresses(parsed.from ? [parsed.from] : undefined)[0] ?? '',
  subject: parsed.subject ?? '',
  text: parsed.text ?? '',
  messageId: parsed.messageId ?? null,
  headers: parsed.headers,
});

/** The messages a catch-all server wrote to `dir` (another process's: the demo's, the browser tests'). */
export const readMailDir = async (dir: string): Promise<ReceivedMail[]> => {
  const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => receivedOf(await simpleParser(await readFile(join(dir, name))))),
  );
};

/**
 * A local SMTP server that accepts every message without authentication (development, demo and
 * tests only), parses it with mailparser and keeps it in memory; with `dir`, each message is also
 * written there as an .eml file.
 */
export const startCatchAllSmtp = async (
  options: { readonly host?: string; readonly port?: number; readonly dir?: string } = {},
): Promise<CatchAllSmtp> => {
  const host = options.host ?? '127.0.0.1';
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  if (options.dir) await mkdir(options.dir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (parsed) => {
            mails.push(receivedOf(parsed));
            if (options.dir) {
              const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mails.length}.eml`;
              await writeFile(join(options.dir, name), raw);
            }
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server emits a client's broken connection (a sender killed mid-session: ECONNRESET) as
  // the server's 'error'; without a listener that would crash the process. The server goes on
  // accepting, and the sender retries what it did not finish.
  let connectionErrors = 0;
  server.on('error', () => {
    connectionErrors++;
  });
  const port = (server.server.address() as AddressInfo).port;

  const waitFor = (count: number, timeoutMs = 10_000) =>
    new Promise<readonly ReceivedMail[]>((resolve, reject) => {
      const check = () => {
        if (mails.length < count) return;
        cleanup();
        resolve([...mails]);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`expected ${count} messages, received ${mails.length}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    host,
    port,
    received: () => [...mails],
    connectionErrors: () => connectionErrors,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
