import type { StatementFigures } from './merchant-statement-figures';

/** What a statement's files show: the merchant, the month, the mode and the figures. */
export interface StatementDocument {
  statementId: string;
  merchantId: string;
  merchantName: string;
  livemode: boolean;
  /** `YYYY-MM`. */
  period: string;
  periodStart: Date;
  periodEnd: Date;
  generatedAt: Date;
  figures: StatementFigures;
}

/** One line of a statement, in the order the PDF and the CSV print them; `amount` signed as it moves the balance. */
export interface StatementLine {
  line: string;
  label: string;
  amount: bigint;
}

/**
 * The statement's lines: the opening balance, each movement signed as it moves the balance (fees,
 * refunds, reserve held and payouts negative), and the closing balance.
 */
export function statementLines(figures: StatementFigures): StatementLine[] {
  return [
    { line: 'opening_balance', label: 'Opening balance', amount: figures.openingBalance },
    { line: 'gross_volume', label: 'Gross volume (payments captured)', amount: figures.grossVolume },
    { line: 'fees', label: 'Fees', amount: -figures.fees },
    { line: 'refunds', label: 'Refunds', amount: -figures.refunds },
    { line: 'reserve_held', label: 'Rolling reserve held', amount: -figures.reserveHeld },
    { line: 'reserve_released', label: 'Rolling reserve released', amount: figures.reserveReleased },
    { line: 'payouts', label: 'Payouts', amount: -figures.payouts },
    { line: 'closing_balance', label: 'Closing balance', amount: figures.closingBalance },
  ];
}

/** The attachment's file name: `statement-2026-10-NGN-test.pdf`. */
export function statementFileName(
  document: Pick<StatementDocument, 'period' | 'livemode'> & { currency: string },
  extension: string,
): string {
  return `statement-${document.period}-${document.currency}-${document.livemode ? 'live' : 'test'}.${extension}`;
}
