import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One message of a live stream, as it arrived, with the moment it was parsed. */
export type LiveMessage = {
  readonly event: string;
  readonly id: string | undefined;
  readonly data: unknown;
  readonly at: number;
};

/**
 * A live stream (GET /api/live, docs/live-updates.md) read as a browser's EventSource would, from
 * Node: every message is kept, and `next` waits for the first one after those already taken that
 * matches. The stream does not reconnect: a test opens the next one itself, with the Last-Event-ID
 * it chooses.
 */
export type LiveStreamReader = {
  readonly status: number;
  /** The body of a refused stream (a problem), null for an open one. */
  readonly problem: unknown;
  readonly messages: readonly LiveMessage[];
  /** Waits for a message `match` accepts, after the last one `next` returned. */
  next(match?: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  /** Calls `listener` with each message from now on. */
  onMessage(listener: (message: LiveMessage) => void): void;
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  close(): void;
};

export const openLiveStream = async (
  url: string,
  token: string | null,
  lastEventId: string | null = null,
): Promise<LiveStreamReader> => {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: LiveMessage[] = [];
  const listeners: ((message: LiveMessage) => void)[] = [];
  let taken = 0;
  /** Wakes the `next` waiting for a message, if one is. */
  const waiting: { wake: (() => void) | null } = { wake: null };

  if (!response.ok || !response.body) {
    const problem: unknown = await response.json().catch(() => null);
    return {
      status: response.status,
      problem,
      messages,
      next: () => Promise.reject(new Error(`the stream was refused: ${String(response.status)}`)),
      onMessage: () => undefined,
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }

  const parser = createParser({
    onEvent: (event: EventSourceMessage) => {
      const message: LiveMessage = {
        event: event.event ?? 'message',
        id: event.id,
        data: event.data ? (JSON.parse(event.data) as unknown) : null,
        at: performance.now(),
      };
      messages.push(message);
      for (const listener of listeners) listener(message);
      waiting.wake?.();
    },
  });
  const decoder = new TextDecoder();
  const body = response.body;
  const ended = (async () => {
    try {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Closed by the test.
    } finally {
      waiting.wake?.();
    }
  })();
  let finished = false;
  void ended.then(() => {
    finished = true;
  });

  return {
    status: response.status,
    problem: null,
    messages,
    async next(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < messages.length) {
          const message = messages[taken++] as LiveMessage;
          if (match(message)) return message;
        }
        if (finished) throw new Error('the stream ended before the message came');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such message within ${String(timeoutMs)} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.wake = () => {
            clearTimeout(timer);
            waiting.wake = null;
            resolve();
          };
        });
      }
    },
    onMessage: (listener) => {
      listeners.push(listener);
    },
    ended,
    close: () => controller.abort(),
  };
};
