import { kybContentType } from './kyb-file-type';

const pdf = (body = '1 0 obj << >> endobj') => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');
const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    Buffer.alloc(17),
    Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  ]);
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32), Buffer.from([0xff, 0xd9])]);

describe('kybContentType', () => {
  it('recognises a PDF, a JPEG and a PNG by their bytes', () => {
    expect(kybContentType(pdf())).toBe('application/pdf');
    expect(kybContentType(jpeg())).toBe('image/jpeg');
    expect(kybContentType(png())).toBe('image/png');
  });

  it.each([
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an HTML page with a PDF inside it', Buffer.concat([Buffer.from('<html>'), pdf()])],
    ['a PDF signature with no end', Buffer.from('%PDF-1.7\n<html><script>alert(1)</script>')],
    ['a PNG signature without its IHDR', Buffer.concat([png().subarray(0, 8), Buffer.from('<svg onload=alert(1)>')])],
    ['a truncated JPEG', jpeg().subarray(0, 20)],
    ['a GIF', Buffer.from('GIF89a....')],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_label, content) => {
    expect(kybContentType(content)).toBeNull();
  });
});
