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
