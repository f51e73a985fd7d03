import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatchAllSmtp, type CatchAllSmtp } from './catch-all-smtp';

/** A raw SMTP client: sends a line and resolves with the server's reply (its last line). */
const dialogue = async (smtp: CatchAllSmtp) => {
  const socket: Socket = connect(smtp.port, smtp.host);
  let buffered = '';
  let waiting: ((reply: string) => void) | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    // A reply ends with a line whose code is followed by a space ('250 OK', not '250-...').
    const lines = buffered.split('\r\n');
    const last = lines.at(-2);
    if (last !== undefined && /^\d{3} /.test(last)) {
      buffered = '';
      waiting?.(last);
    }
  });
  const reply = () => new Promise<string>((resolve) => (waiting = resolve));
  const greeting = await reply();
  const send = (line: string) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    return answer;
  };
  return { socket, greeting, send };
};

describe('catch-all SMTP server', () => {
  let smtp: CatchAllSmtp;
  beforeAll(async () => {
    smtp = await startCatchAllSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('goes on accepting mail after a sender breaks its connection mid-message', async () => {
    const broken = await dialogue(smtp);
    expect(broken.greeting).toMatch(/^220 /);
    expect(await broken.send('EHLO sender.test')).toMatch(/^250 /);
    expect(await broken.send('MAIL FROM:<outbox@university.edu>')).toMatch(/^250 /);
    // A sender killed in the middle of a message: its connection is reset, not closed.
    broken.socket.resetAndDestroy();
    await expect.poll(() => smtp.connectionErrors(), { timeout: 5_000 }).toBe(1);

    const next = await dialogue(smtp);
    await next.send('EHLO sender.test');
    await next.send('MAIL FROM:<outbox@university.edu>');
    await next.send('RCPT TO:<student@university.edu>');
    expect(await next.send('DATA')).toMatch(/^354 /);
    expect(
      await next.send(
        'To: student@university.edu\r\nSubject: After the reset\r\n\r\nStill here.\r\n.',
      ),
    ).toMatch(/^250 /);
    await next.send('QUIT');
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe('After the reset');
    expect(mail?.to).toEqual(['student@university.edu']);
  });
});
