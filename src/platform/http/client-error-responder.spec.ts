import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { installClientErrorResponder } from './client-error-responder';

/** A socket that records what is written to it and whether it was destroyed. */
function fakeSocket(options: { inFlightHeadersSent?: boolean } = {}) {
  const chunks: Buffer[] = [];
  const socket = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  }) as Writable & { _httpMessage?: { headersSent: boolean } };
  if (options.inFlightHeadersSent !== undefined) socket._httpMessage = { headersSent: options.inFlightHeadersSent };
  return { socket, written: () => Buffer.concat(chunks).toString('utf8') };
}

function parserError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`Parse Error: ${code}`), { code });
}

describe('installClientErrorResponder', () => {
  let server: Server;

  beforeEach(() => {
    server = createServer();
    installClientErrorResponder(server, pino({ level: 'silent' }));
  });

  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'HEADERS_TOO_LARGE'],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'PAYLOAD_TOO_LARGE'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'REQUEST_TIMEOUT'],
    ['HPE_INVALID_HEADER_TOKEN', 400, 'MALFORMED_REQUEST'],
    ['HPE_INVALID_METHOD', 400, 'MALFORMED_REQUEST'],
  ])('answers %s with %i %s in an ApiError body and closes', async (code, status, apiCode) => {
    const { socket, written } = fakeSocket();
    server.emit('clientError', parserError(code), socket);
    await new Promise((resolve) => socket.once('finish', resolve));
    const [head, body] = written().split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} \\S`));
    expect(head).toContain('\r\nConnection: close');
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(body)}`);
    const parsed = JSON.parse(body) as { code: string; message: string; requestId: string };
    expect(parsed).toEqual({ code: apiCode, message: expect.any(String), requestId: expect.any(String) });
    expect(head).toContain(`\r\nX-Request-Id: ${parsed.requestId}`);
    socket.destroy();
  });

  it('only destroys the socket on ECONNRESET, on a socket no longer writable, or mid-response', () => {
    const reset = fakeSocket();
    server.emit('clientError', parserError('ECONNRESET'), reset.socket);
    expect(reset.written()).toBe('');
    expect(reset.socket.destroyed).toBe(true);

    const ended = fakeSocket();
    ended.socket.end();
    server.emit('clientError', parserError('HPE_INVALID_METHOD'), ended.socket);
    expect(ended.written()).toBe('');
    expect(ended.socket.destroyed).toBe(true);

    const midResponse = fakeSocket({ inFlightHeadersSent: true });
    server.emit('clientError', parserError('HPE_INVALID_METHOD'), midResponse.socket);
    expect(midResponse.written()).toBe('');
    expect(midResponse.socket.destroyed).toBe(true);
  });

  it('answers when the response in flight has not started', async () => {
    const { socket, written } = fakeSocket({ inFlightHeadersSent: false });
    server.emit('clientError', parserError('HPE_INVALID_METHOD'), socket);
    await new Promise((resolve) => socket.once('finish', resolve));
    expect(written()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    socket.destroy();
  });
});
