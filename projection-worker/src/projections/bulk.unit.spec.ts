import { describe, expect, it } from 'vitest';
import { copyRecordingClient } from './bulk-recording';
import { copyValue, insertRows } from './bulk';

describe('bulk inserts with COPY', () => {
  it('writes values as COPY text: null, booleans, numbers, text with its special characters', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue(true)).toBe('t');
    expect(copyValue(false)).toBe('f');
    expect(copyValue(42)).toBe('42');
    expect(copyValue(7n)).toBe('7');
    expect(copyValue('plain')).toBe('plain');
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyValue('\\N')).toBe('\\\\N');
    expect(() => copyValue({})).toThrow(TypeError);
  });

  it('sends every row in the given order, one column per field, and nothing for no rows', async () => {
    const { client, sent } = copyRecordingClient();
    const rows = Array.from({ length: 12_001 }, (_, i) => ({ id: i, note: i % 2 ? 'x\ty' : null }));
    await insertRows(
      client,
      'notes',
      [
        ['id', 'integer', (r) => r.id],
        ['note', 'text', (r) => r.note],
      ],
      rows,
    );
    await insertRows(client, 'notes', [['id', 'integer', (r: { id: number }) => r.id]], []);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.sql).toBe('COPY notes (id, note) FROM STDIN');
    expect(sent[0]?.params).toEqual([rows.map((r) => String(r.id)), rows.map((r) => r.note)]);
  });
});
