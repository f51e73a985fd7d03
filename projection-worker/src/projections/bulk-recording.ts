import { Writable } from 'node:stream';
import type { PoolClient } from '@campus/infra';
import { recordingClient, type SentStatement } from '../testing/read-model-spec';

const UNESCAPES: Readonly<Record<string, string>> = { '\\': '\\', n: '\n', r: '\r', t: '\t' };

/** One field of COPY's text format back to its text (null for `\N`). */
const copyField = (field: string): string | null =>
  field === '\\N' ? null : field.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c);

/**
 * A recording client (testing/read-model-spec) that also takes a bulk write's COPY: it records
 * the COPY statement with one array per column of the rows sent, as the text the server reads.
 */
export const copyRecordingClient = (): {
  readonly client: PoolClient;
  readonly sent: SentStatement[];
} => {
  const { client, sent } = recordingClient();
  const query = client.query.bind(client) as (sql: unknown, params?: unknown[]) => unknown;
  const copying = (stream: Writable & { text: string }) => {
    let text = '';
    const statement: { sql: string; params: (string | null)[][] } = {
      sql: stream.text,
      params: [],
    };
    sent.push(statement);
    stream._write = (chunk: Buffer, _encoding, done) => {
      text += chunk.toString();
      done();
    };
    stream._writev = undefined;
    stream._final = (done) => {
      const rows = text
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t').map(copyField));
      statement.params = (rows[0] ?? []).map((_, c) => rows.map((row) => row[c] ?? null));
      done();
    };
    stream._destroy = (error, done) => done(error);
    stream.uncork();
    return stream;
  };
  const recording = {
    query: (sql: unknown, params?: unknown[]) =>
      sql instanceof Writable ? copying(sql as Writable & { text: string }) : query(sql, params),
  };
  return { client: recording as unknown as PoolClient, sent };
};
