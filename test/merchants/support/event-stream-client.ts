import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/**
 * A client of `GET /merchant/events` over a real HTTP connection (node:http, read as it comes,
 * never buffered to the end), its frames parsed by eventsource-parser as a client library would.
 */
export class EventStreamClient {
  readonly events: EventSourceMessage[] = [];
  readonly comments: string[] = [];
  retry: number | null = null;
  /** The answer's body when it is not a stream (an ApiError). */
  body: Record<string, unknown> = {};
  private read = 0;
  private readonly waiters = new Set<() => void>();
  private ended = false;

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly request: ClientRequest,
    private readonly response: IncomingMessage,
  ) {}

  /**
   * Connects with `Authorization: Bearer {secret}` (and `Last-Event-ID`, and any other `headers`,
   * such as `X-Service-Developer-Key`); resolves when the headers arrive.
   */
  static open(
    port: number,
    secret: string | null,
    options: { lastEventId?: string; authorization?: string; headers?: Record<string, string> } = {},
  ): Promise<EventStreamClient> {
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
    if (secret) headers.Authorization = `Bearer ${secret}`;
    if (options.authorization) headers.Authorization = options.authorization;
    if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/api/v1/merchant/events', method: 'GET', headers },
        (response) => {
          const client = new EventStreamClient(response.statusCode ?? 0, response.headers, request, response);
          client.listen();
          if (client.status === 200) resolve(client);
          else client.finished().then(() => resolve(client), reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  private listen(): void {
    const chunks: string[] = [];
    const parser = createParser({
      onEvent: (event) => {
        this.events.push(event);
        this.wake();
      },
      onComment: (comment) => {
        this.comments.push(comment.trim());
        this.wake();
      },
      onRetry: (retry) => {
        this.retry = retry;
        this.wake();
      },
    });
    this.response.setEncoding('utf8');
    this.response.on('data', (chunk: string) => {
      if (this.status === 200) parser.feed(chunk);
      else chunks.push(chunk);
    });
    const end = () => {
      if (this.ended) return;
      this.ended = true;
      if (this.status !== 200 && chunks.length > 0) this.body = JSON.parse(chunks.join('')) as Record<string, unknown>;
      this.wake();
    };
    this.response.on('end', end);
    this.response.on('close', end);
    this.response.on('error', end);
  }

  /** The next event not yet taken (waits for it). */
  async next(): Promise<EventSourceMessage> {
    await this.until(() => this.events.length > this.read, 'the next event');
    return this.events[this.read++];
  }

  /** The next `count` events. */
  async take(count: number): Promise<EventSourceMessage[]> {
    const taken: EventSourceMessage[] = [];
    for (let index = 0; index < count; index += 1) taken.push(await this.next());
    return taken;
  }

  /** Waits until `done` holds after a frame arrives (fails if the stream ends first). */
  until(done: () => boolean, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (done()) {
          this.waiters.delete(check);
          resolve();
        } else if (this.ended) {
          this.waiters.delete(check);
          reject(new Error(`the stream ended before ${what}`));
        }
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves when the server has ended the answer. */
  finished(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ended) resolve();
      else
        this.waiters.add(() => {
          if (this.ended) resolve();
        });
    });
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Goes away as a client does: the connection closes. */
  close(): void {
    this.request.destroy();
    this.response.destroy();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
