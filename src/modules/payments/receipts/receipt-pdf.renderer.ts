import { Injectable } from '@nestjs/common';
import { dayMonthYearWords } from '../../../platform/clock/month-names';
import { formatMinorUnits } from '../../../platform/money/money-format';
import type { ReceiptPayment } from './receipt.repository';

/** The name printed at the top of every receipt and in its metadata. */
export const RECEIPT_ISSUER = 'Payment Service';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const LABEL_WIDTH = 170;
const VALUE_X = MARGIN + LABEL_WIDTH;
const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH;
const COLOURS = {
  brand: '#0f4c5c',
  ink: '#1f2933',
  muted: '#616e7c',
  rule: '#d9e2ec',
  panel: '#f0f4f8',
  white: '#ffffff',
};
const BADGES: Record<string, { text: string; colour: string }> = {
  SUCCEEDED: { text: 'SUCCESSFUL', colour: '#1e7e34' },
  REFUNDED: { text: 'REFUNDED', colour: '#9a5b00' },
};

/**
 * Draws a payment's receipt: one A4 page with the issuer, the status, the total and every
 * reference a customer may be asked for. The PDF depends only on the payment (its metadata
 * dates are the payment's), so the same payment always renders to the same bytes. Text uses
 * the standard Helvetica fonts (nothing to embed, so the file stays small and quick to make);
 * characters those fonts cannot show are folded to their base letter or replaced by `?`.
 */
@Injectable()
export class ReceiptPdfRenderer {
  async render(payment: ReceiptPayment): Promise<Buffer> {
    const paidAt = payment.completedAt ?? payment.createdAt;
    // Loaded on the first render, not at boot: pdfkit is a fifth of a second of CPU to load.
    const { default: PDFDocument } = await import('pdfkit');
    const document = new PDFDocument({
      size: 'A4',
      // Layout is positioned by hand; a small bottom margin keeps the footer from starting a page.
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 10 },
      displayTitle: true,
      lang: 'en',
      info: {
        Title: `Payment receipt ${payment.id}`,
        Author: RECEIPT_ISSUER,
        Subject: pdfText(`Receipt for a payment to ${payment.billerName}`),
        Creator: RECEIPT_ISSUER,
        Producer: RECEIPT_ISSUER,
        CreationDate: paidAt,
        ModDate: paidAt,
      },
    });
    const finished = collect(document);
    draw(document, payment, paidAt);
    document.end();
    return finished;
  }
}

function draw(document: PDFKit.PDFDocument, payment: ReceiptPayment, paidAt: Date): void {
  const money = (amount: bigint) => formatMinorUnits(amount, payment.currency, 'code');
  const total = payment.amount + payment.fee;

  // Header band with the issuer.
  document.rect(0, 0, PAGE.width, 96).fill(COLOURS.brand);
  document.font('Helvetica-Bold').fontSize(20).fillColor(COLOURS.white).text(RECEIPT_ISSUER, MARGIN, 36);
  document.font('Helvetica').fontSize(10).text('Bill payments', MARGIN, 42, { width: CONTENT_WIDTH, align: 'right' });

  // Title and status badge.
  let y = 128;
  document.font('Helvetica-Bold').fontSize(24).fillColor(COLOURS.ink).text('Payment receipt', MARGIN, y);
  const badge = BADGES[payment.status] ?? { text: payment.status, colour: COLOURS.muted };
  document.font('Helvetica-Bold').fontSize(10);
  const badgeWidth = document.widthOfString(badge.text) + 20;
  document
    .roundedRect(MARGIN + CONTENT_WIDTH - badgeWidth, y + 2, badgeWidth, 22, 11)
    .fill(badge.colour)
    .fillColor(COLOURS.white)
    .text(badge.text, MARGIN + CONTENT_WIDTH - badgeWidth, y + 8, { width: badgeWidth, align: 'center' });
  y += 36;
  document
    .font('Helvetica')
    .fontSize(11)
    .fillColor(COLOURS.muted)
    .text(`Paid on ${humanTime(paidAt)}`, MARGIN, y);

  // The total, large, in a panel.
  y += 32;
  document.roundedRect(MARGIN, y, CONTENT_WIDTH, 92, 8).fill(COLOURS.panel);
  document
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text('Total paid', MARGIN + 20, y + 16);
  document
    .font('Helvetica-Bold')
    .fontSize(26)
    .fillColor(COLOURS.ink)
    .text(money(total), MARGIN + 20, y + 32, { width: CONTENT_WIDTH - 40 });
  document
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text(`${money(payment.amount)} + ${money(payment.fee)} fee`, MARGIN + 20, y + 66, { width: CONTENT_WIDTH - 40 });

  // Details, one labelled row each.
  y += 120;
  document.font('Helvetica-Bold').fontSize(13).fillColor(COLOURS.ink).text('Payment details', MARGIN, y);
  y += 24;
  const rows: [string, string][] = [
    ['Biller', payment.billerName],
    ['Account reference', payment.accountReference],
    ['Amount', money(payment.amount)],
    ['Fee', money(payment.fee)],
    ['Total', money(total)],
    ['Currency', payment.currency],
    ['Payment method', humanRail(payment.rail)],
    ['Paid from', payment.fundingAccountMasked],
    ['Payment ID', payment.id],
    ['Rail reference', payment.railReference ?? '\u2014'],
    ['Biller reference', payment.billerReference ?? '\u2014'],
    ['Date and time', humanTime(paidAt)],
    ['Date and time (ISO 8601)', isoTime(paidAt)],
  ];
  for (const [label, value] of rows) y = drawRow(document, y, label, value);

  // Footer.
  const footerY = PAGE.height - 76;
  document
    .moveTo(MARGIN, footerY)
    .lineTo(MARGIN + CONTENT_WIDTH, footerY)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  document
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(
      `This receipt confirms a payment made through ${RECEIPT_ISSUER}. Keep it for your records, and quote the ` +
        `payment ID in any question about this payment.`,
      MARGIN,
      footerY + 12,
      { width: CONTENT_WIDTH, align: 'center' },
    );
}

/** One label/value row with a rule under it; long values wrap. Answers the next row's top. */
function drawRow(document: PDFKit.PDFDocument, y: number, label: string, value: string): number {
  const text = pdfText(value);
  document.font('Helvetica').fontSize(10);
  const labelHeight = document.heightOfString(label, { width: LABEL_WIDTH - 12 });
  document.font('Helvetica-Bold').fontSize(10);
  const valueHeight = document.heightOfString(text, { width: VALUE_WIDTH });
  document
    .font('Helvetica')
    .fillColor(COLOURS.muted)
    .text(label, MARGIN, y, { width: LABEL_WIDTH - 12 });
  document.font('Helvetica-Bold').fillColor(COLOURS.ink).text(text, VALUE_X, y, { width: VALUE_WIDTH });
  const bottom = y + Math.max(labelHeight, valueHeight) + 7;
  document
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + CONTENT_WIDTH, bottom)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  return bottom + 8;
}

/** Collects the document's bytes; resolves once it has ended. */
function collect(document: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
}

/** `2025-11-23T09:40:12Z` */
function isoTime(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `23 November 2025, 09:40 UTC`, spelled out the same way whatever the server's locale. */
function humanTime(time: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${dayMonthYearWords(time.getUTCFullYear(), time.getUTCMonth() + 1, time.getUTCDate())}, ` +
    `${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())} UTC`
  );
}

/** `BANK_TRANSFER` -> `Bank transfer`. */
function humanRail(rail: string): string {
  const words = rail.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still has. */
const WIN_ANSI_EXTRAS = new Set(
  '\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018\u2019\u201a\u201c' +
    '\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2039\u203a\u20ac\u2122',
);

function encodable(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
}

/**
 * Text the standard PDF fonts can show: a character outside WinAnsi is folded to its base
 * letter when it has one (`Ẹ` -> `E`), otherwise shown as `?`; control characters become spaces.
 */
export function pdfText(text: string): string {
  let result = '';
  for (const character of text.normalize('NFC')) {
    if (encodable(character)) {
      result += character;
    } else if (/\p{M}/u.test(character)) {
      // A combining mark NFC could not merge into its letter: the letter alone is kept.
    } else if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(character)) {
      result += ' ';
    } else {
      const folded = character.normalize('NFKD').replace(/\p{M}/gu, '');
      result += folded.length > 0 && [...folded].every(encodable) ? folded : '?';
    }
  }
  return result;
}
