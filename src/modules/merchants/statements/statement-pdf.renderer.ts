import { Injectable } from '@nestjs/common';
import { dayMonthYearWords, MONTH_NAMES } from '../../../platform/clock/month-names';
import { formatMinorUnits } from '../../../platform/money/money-format';
import { statementLines, type StatementDocument } from './statement-document';

/** The issuer printed at the top of every statement (the payment receipts' too). */
export const STATEMENT_ISSUER = 'Payment Service';

/** The words across every page of a test-mode statement. */
export const TEST_MODE_WATERMARK = 'TEST MODE';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const COLOURS = {
  brand: '#0f4c5c',
  ink: '#1f2933',
  muted: '#616e7c',
  rule: '#d9e2ec',
  panel: '#f0f4f8',
  white: '#ffffff',
  watermark: '#c0392b',
};

/**
 * Draws a monthly statement: one A4 page with the merchant, the month, every line from the
 * opening to the closing balance, and the check that they agree. A test-mode statement carries
 * TEST MODE across the page, large and rotated, so it can never pass for a live one. The bytes
 * depend only on the statement (its metadata dates are the generation time), in the standard
 * Helvetica fonts, as the payment receipts are.
 */
@Injectable()
export class StatementPdfRenderer {
  async render(statement: StatementDocument): Promise<Buffer> {
    const title = `Statement ${statement.period} ${statement.figures.currency}${statement.livemode ? '' : ` (${TEST_MODE_WATERMARK})`}`;
    // Loaded on the first render, not at boot: pdfkit is a fifth of a second of CPU to load.
    const { default: PDFDocument } = await import('pdfkit');
    const document = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 10 },
      displayTitle: true,
      lang: 'en',
      info: {
        Title: title,
        Author: STATEMENT_ISSUER,
        Subject: pdfText(`Monthly statement of ${statement.merchantName}`),
        Keywords: statement.livemode ? 'statement' : `statement, ${TEST_MODE_WATERMARK}`,
        Creator: STATEMENT_ISSUER,
        Producer: STATEMENT_ISSUER,
        CreationDate: statement.generatedAt,
        ModDate: statement.generatedAt,
      },
    });
    const finished = collect(document);
    draw(document, statement);
    document.end();
    return finished;
  }
}

function draw(document: PDFKit.PDFDocument, statement: StatementDocument): void {
  const currency = statement.figures.currency;
  const money = (amount: bigint) => formatMinorUnits(amount, currency, 'code');
  if (!statement.livemode) watermark(document);

  document.rect(0, 0, PAGE.width, 96).fill(COLOURS.brand);
  document.font('Helvetica-Bold').fontSize(20).fillColor(COLOURS.white).text(STATEMENT_ISSUER, MARGIN, 36);
  document
    .font('Helvetica')
    .fontSize(10)
    .text(statement.livemode ? 'Merchant statement' : `Merchant statement - ${TEST_MODE_WATERMARK}`, MARGIN, 42, {
      width: CONTENT_WIDTH,
      align: 'right',
    });

  let y = 128;
  const [year, month] = statement.period.split('-').map(Number);
  document
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(COLOURS.ink)
    .text(`Statement for ${MONTH_NAMES[month - 1]} ${year}`, MARGIN, y);
  y += 36;
  const lastDay = new Date(statement.periodEnd.getTime() - 1);
  document
    .font('Helvetica')
    .fontSize(11)
    .fillColor(COLOURS.muted)
    .text(
      `${dayMonthYearWords(year, month, 1)} to ${dayMonthYearWords(year, month, lastDay.getUTCDate())} (UTC), ${currency}`,
      MARGIN,
      y,
    );
  y += 28;
  const details: [string, string][] = [
    ['Merchant', pdfText(statement.merchantName)],
    ['Merchant ID', statement.merchantId],
    ['Statement ID', statement.statementId],
    ['Mode', statement.livemode ? 'Live' : 'Test'],
    ['Generated', statement.generatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z')],
  ];
  for (const [label, value] of details) {
    document.font('Helvetica').fontSize(10).fillColor(COLOURS.muted).text(label, MARGIN, y, { width: 150 });
    document
      .font('Helvetica-Bold')
      .fillColor(COLOURS.ink)
      .text(value, MARGIN + 150, y, { width: CONTENT_WIDTH - 150 });
    y += 18;
  }

  y += 16;
  document.roundedRect(MARGIN, y, CONTENT_WIDTH, 30, 6).fill(COLOURS.panel);
  document
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text('Line', MARGIN + 14, y + 10);
  document.text('Amount', MARGIN, y + 10, { width: CONTENT_WIDTH - 14, align: 'right' });
  y += 40;
  for (const line of statementLines(statement.figures)) {
    const total = line.line === 'opening_balance' || line.line === 'closing_balance';
    document
      .font(total ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .fillColor(COLOURS.ink)
      .text(line.label, MARGIN + 14, y);
    document.text(money(line.amount), MARGIN, y, { width: CONTENT_WIDTH - 14, align: 'right' });
    y += 20;
    document
      .moveTo(MARGIN, y - 5)
      .lineTo(MARGIN + CONTENT_WIDTH, y - 5)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    y += 6;
  }

  const footerY = PAGE.height - 76;
  document
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(
      'Amounts are read from the ledger. The closing balance is pending plus available money; the rolling reserve ' +
        'is held apart and shown as it moves. Opening balance plus every line above equals the closing balance.',
      MARGIN,
      footerY,
      { width: CONTENT_WIDTH, align: 'center' },
    );
}

/** TEST MODE, large, rotated across the page, behind everything drawn after it. */
function watermark(document: PDFKit.PDFDocument): void {
  document.save();
  document.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  document
    .font('Helvetica-Bold')
    .fontSize(96)
    .fillColor(COLOURS.watermark)
    .fillOpacity(0.15)
    .text(TEST_MODE_WATERMARK, 0, PAGE.height / 2 - 48, { width: PAGE.width, align: 'center', lineBreak: false });
  document.restore();
  document.fillOpacity(1);
}

function collect(document: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
}

/**
 * Text the standard fonts can show (WinAnsi): other characters folded to their base letter
 * (`Ẹ` -> `E`) or `?`, control characters as spaces. As the receipts' renderer does.
 */
export function pdfText(text: string): string {
  let result = '';
  for (const character of text.normalize('NFC')) {
    const code = character.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) {
      result += character;
    } else if (/\p{M}/u.test(character)) {
      // a combining mark NFC could not merge: the letter alone is kept
    } else if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(character)) {
      result += ' ';
    } else {
      const folded = character.normalize('NFKD').replace(/\p{M}/gu, '');
      result += folded.length > 0 && /^[\x20-\x7e\xa0-\xff]+$/.test(folded) ? folded : '?';
    }
  }
  return result;
}
