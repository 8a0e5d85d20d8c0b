import { type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { newId } from '../database/new-id';
import { ErrorCode, errorCodeEntry } from './error-catalogue';

/** The errors of Node's HTTP parser that are not plain malformed requests, as Node answers them. */
const CLIENT_ERROR_CODES: Partial<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'PAYLOAD_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  HEADERS_TOO_LARGE: 'The request line and headers exceed the size limit',
  PAYLOAD_TOO_LARGE: 'The chunk extensions of the request body exceed the size limit',
  REQUEST_TIMEOUT: 'The request did not arrive completely in time',
  MALFORMED_REQUEST: 'The request is not well-formed HTTP',
};

/** How long a client may keep its half of a refused connection open before it is cut. */
const CLOSE_GRACE_MS = 5000;

type ClientSocket = Duplex & { _httpMessage?: ServerResponse | null };

/**
 * Answers the requests Node's HTTP parser refuses before any middleware runs (a control byte in
 * a header, headers over 16 KB, a malformed request line, a request that never finished) with
 * an ApiError body, where Node alone would send an empty one: 431 `HEADERS_TOO_LARGE`, 413, 408
 * `REQUEST_TIMEOUT`, or 400 `MALFORMED_REQUEST`. The parser's state is lost, so the connection
 * closes after the answer. Nothing is written when the peer is gone or when a response of an
 * earlier request on the connection has started (Node's own rule), which the bytes would
 * corrupt; the socket is destroyed instead.
 */
export function installClientErrorResponder(server: Server, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: ClientSocket) => {
    // `_httpMessage` is the response in flight on the socket, which Node's default handler checks too.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const code = CLIENT_ERROR_CODES[error.code ?? ''] ?? 'MALFORMED_REQUEST';
    const status: number = errorCodeEntry(code).status;
    const requestId = newId();
    const body = JSON.stringify({ code, message: MESSAGES[code] ?? errorCodeEntry(code).description, requestId });
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        `X-Request-Id: ${requestId}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    const cut = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
    // The raw packet may hold credentials: log the parser's verdict only.
    logger.warn(
      { reqId: requestId, res: { statusCode: status }, err: { code: error.code, message: error.message } },
      'request refused by the HTTP parser',
    );
  });
}
