/** What `responseText` reads from: a response stream as supertest hands it to a parser. */
interface TextStream {
  setEncoding(encoding: BufferEncoding): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/**
 * A supertest parser (`.buffer(true).parse(responseText)`) that reads the body as UTF-8 text
 * whatever its content type: a CSV or event-stream answer arrives as `response.body`, a string.
 */
export function responseText(response: TextStream, done: (error: Error | null, body: string) => void): void {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => (text += chunk));
  response.on('end', () => done(null, text));
}

/** What `responseBytes` reads from: a response stream as supertest hands it to a parser. */
interface ByteStream {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * A supertest parser (`.buffer(true).parse(responseBytes)`) that collects the body as bytes: supertest
 * buffers only text and JSON by itself, so a PDF arrives as `response.body`, a Buffer.
 */
export function responseBytes(response: ByteStream, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
  response.on('error', (error: Error) => callback(error, Buffer.alloc(0)));
}
