import { drawnPdfText } from '../../../../test/support/pdf-text';
import { pdfText, ReceiptPdfRenderer } from './receipt-pdf.renderer';
import type { ReceiptPayment } from './receipt.repository';

const payment: ReceiptPayment = {
  id: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
  customerId: '0193f5c2-0000-7c4a-9b2f-5e6d7c8b9a01',
  status: 'SUCCEEDED',
  billerName: 'Ikeja Electric Prepaid',
  billerSlug: 'ikeja-electric',
  accountReference: '45010001234',
  amount: 1_250_000n,
  fee: 10_000n,
  currency: 'NGN',
  rail: 'BANK_TRANSFER',
  fundingAccountMasked: 'GTBank ****1234',
  railReference: 'RAIL-7F3K2',
  billerReference: 'TOKEN-1234-5678-9012',
  createdAt: new Date('2025-11-23T09:40:02.000Z'),
  completedAt: new Date('2025-11-23T09:40:12.345Z'),
};

describe('ReceiptPdfRenderer', () => {
  const renderer = new ReceiptPdfRenderer();

  it('draws one A4 page with the status, amounts, references and times', async () => {
    const pdf = await renderer.render(payment);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(raw).toContain('/Title ');
    expect(raw).toContain('(Payment receipt 0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01)');
    expect(raw).toContain('(Payment Service)');
    const text = drawnPdfText(pdf);
    for (const expected of [
      'Payment Service',
      'Payment receipt',
      'SUCCESSFUL',
      'Ikeja Electric Prepaid',
      '45010001234',
      'NGN 12,500.00',
      'NGN 100.00',
      'NGN 12,600.00',
      'Bank transfer',
      'GTBank ****1234',
      '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
      'RAIL-7F3K2',
      'TOKEN-1234-5678-9012',
      '23 November 2025, 09:40 UTC',
      '2025-11-23T09:40:12Z',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('renders the same payment to the same bytes, quickly', async () => {
    const first = await renderer.render(payment);
    const started = process.hrtime.bigint();
    const second = await renderer.render(payment);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(250);
    expect(second.equals(first)).toBe(true);
  });

  it('shows a refund, missing references and the longest values on the one page', async () => {
    const pdf = await renderer.render({
      ...payment,
      status: 'REFUNDED',
      billerName: 'W'.repeat(120),
      accountReference: 'W'.repeat(64),
      fundingAccountMasked: 'W'.repeat(40),
      railReference: null,
      billerReference: null,
      amount: 9_007_199_254_740_991n,
      fee: 9_007_199_254_740_991n,
    });
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const text = drawnPdfText(pdf);
    expect(text).toContain('REFUNDED');
    expect(text).toContain('NGN 180,143,985,094,819.82');
    expect(text).toContain('\u0097');
  });
});

describe('pdfText', () => {
  it('keeps what WinAnsi can show and folds or replaces the rest', () => {
    expect(pdfText('Société Générale — “Eko” €5')).toBe('Société Générale — “Eko” €5');
    expect(pdfText('Ẹ̀kọ́ Electricity')).toBe('Eko Electricity');
    expect(pdfText('₦ 50 电')).toBe('? 50 ?');
    expect(pdfText('line\nbreak\ttab')).toBe('line break tab');
  });
});
