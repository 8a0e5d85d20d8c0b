import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws: the hex strings of every TJ array in its content streams (inflated where
 * they are deflated), decoded as Latin-1, one line per array.
 */
export function drawnPdfText(pdf: Buffer): string {
  const runs: string[] = [];
  for (const [, body] of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
    } catch {
      content = body;
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      runs.push(
        [...array.matchAll(/<([0-9a-f]*)>/gi)].map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1')).join(''),
      );
    }
  }
  return runs.join('\n');
}
