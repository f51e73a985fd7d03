import { emulatorIdToken } from '@campus/infra/testing';
import { TOOLING_CLOCK_HEADER } from './tooling-clock';

/**
 * The loader's HTTP side: one emulator ID token per address (fetched once), JSON calls through the
 * gateway with an Idempotency-Key per planned step (a run interrupted half-way can be resumed on
 * the same day without doubling anything), retries of 429 and 5xx answers with back-off, and a
 * bounded-concurrency map with a progress line. A call made `at` an instant goes to the loader's
 * own tooling command service instead, decided at that instant (docs/demo-data.md).
 */
export class DemoClient {
  private readonly tokens = new Map<string, Promise<string>>();
  done = 0;
  total = 0;
  private lastPrinted = 0;
  /** The tooling command service's URL, once started. */
  toolingUrl: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly progress: (line: string, final?: boolean) => void,
  ) {}

  token(email: string): Promise<string> {
    let token = this.tokens.get(email);
    if (!token) {
      token = emulatorIdToken(email);
      this.tokens.set(email, token);
    }
    return token;
  }

  /** A call as `email` (or without a token when null); answers the parsed JSON body. */
  async call(
    method: string,
    path: string,
    email: string | null,
    body?: unknown,
    options: {
      idempotencyKey?: string;
      form?: FormData;
      allow?: readonly number[];
      /** Decided at this instant by the tooling command service. */
      at?: Date;
    } = {},
  ): Promise<{ status: number; body: unknown }> {
    const { at } = options;
    if (at && !this.toolingUrl) throw new Error('demo data: the tooling service is not started');
    const target = at && this.toolingUrl ? this.toolingUrl : this.baseUrl;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {};
      if (email) headers['authorization'] = `Bearer ${await this.token(email)}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      if (at) headers[TOOLING_CLOCK_HEADER] = at.toISOString();
      let response: Response | null = null;
      try {
        response = await fetch(new URL(path, target), {
          method,
          headers,
          body: options.form ?? (body !== undefined ? JSON.stringify(body) : null),
        });
      } catch (error) {
        if (attempt >= 4) throw error;
      }
      if (response) {
        const text = await response.text();
        const parsed: unknown = text ? (JSON.parse(text) as unknown) : null;
        if (response.ok || options.allow?.includes(response.status))
          return { status: response.status, body: parsed };
        const retryable = response.status === 429 || response.status >= 500;
        if (!retryable || attempt >= 6)
          throw new Error(
            `${method} ${path} as ${email ?? 'nobody'}${at ? ` at ${at.toISOString()}` : ''}: ${response.status} ${text}`,
          );
        const retryAfter = Number(response.headers.get('retry-after'));
        await delay(retryAfter > 0 ? retryAfter * 1000 : 200 * 2 ** attempt);
      } else {
        await delay(200 * 2 ** attempt);
      }
    }
  }

  /** Runs `work` over `items`, at most `concurrency` at a time, counting each towards progress. */
  async each<T>(
    label: string,
    items: readonly T[],
    concurrency: number,
    work: (item: T, index: number) => Promise<void>,
  ): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
        this.done++;
        this.report(label);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    this.report(label, true);
  }

  private report(label: string, force = false) {
    const now = Date.now();
    if (!force && now - this.lastPrinted < 250) return;
    this.lastPrinted = now;
    const percent = this.total ? Math.floor((100 * this.done) / this.total) : 100;
    this.progress(
      `demo data: ${String(percent).padStart(3)}% (${this.done}/${this.total}) ${label}`,
    );
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
