/** The file types KYB evidence may have, decided from the content alone. */
export type KybContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_TRAILER = Buffer.from('%%EOF', 'latin1');
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
const JPEG_END = Buffer.from([0xff, 0xd9]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IHDR = Buffer.from([0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** Where a file may carry bytes after its format's end marker (a PDF's incremental-save newline, say). */
const TRAILER_WINDOW = 1024;

function endsWithin(content: Buffer, marker: Buffer): boolean {
  const tail = content.subarray(Math.max(0, content.length - TRAILER_WINDOW));
  return tail.includes(marker);
}

/**
 * The type of `content` by its bytes: it must start with the format's signature (PDF `%PDF-`,
 * JPEG `FF D8 FF`, PNG's eight bytes followed by its IHDR chunk) and end like one (`%%EOF`,
 * `FF D9`, the IEND chunk) within its last kilobyte. Null otherwise: the client's file name and
 * declared type count for nothing. Requiring both ends refuses a file that only borrows a
 * signature (an HTML page behind `%PDF-`, a truncated upload).
 */
export function kybContentType(content: Buffer): KybContentType | null {
  if (content.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) {
    return endsWithin(content, PDF_TRAILER) ? 'application/pdf' : null;
  }
  if (content.subarray(0, JPEG_START.length).equals(JPEG_START)) {
    return content.length > 4 && endsWithin(content, JPEG_END) ? 'image/jpeg' : null;
  }
  if (content.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    const ihdr = content.subarray(8, 16).equals(PNG_IHDR);
    return ihdr && endsWithin(content, PNG_IEND) ? 'image/png' : null;
  }
  return null;
}
