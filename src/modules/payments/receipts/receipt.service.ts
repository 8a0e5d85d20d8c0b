import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { ReceiptLink } from './receipt-link';
import { ReceiptPdfRenderer } from './receipt-pdf.renderer';
import { ReceiptError } from './receipt.errors';
import { ReceiptRepository } from './receipt.repository';

/** Only a payment that reached the biller has a receipt link issued for it. */
const ISSUABLE_STATUS = 'SUCCEEDED';

/**
 * A link already issued keeps working after a refund (the receipt then shows REFUNDED), so a
 * customer who opens it a minute later does not meet an error; no other status has a receipt.
 */
const RENDERABLE_STATUSES: ReadonlySet<string> = new Set(['SUCCEEDED', 'REFUNDED']);

export interface IssuedReceipt {
  /** Absolute URL of the PDF; it needs no Authorization. */
  url: string;
  expiresAt: Date;
}

export interface RenderedReceipt {
  paymentId: string;
  pdf: Buffer;
}

/**
 * Payment receipts as PDFs behind short-lived links. A customer asks for a link to one of their
 * SUCCEEDED payments; whoever holds the link (the customer's browser, a download manager, a
 * person they forward it to) can fetch the PDF without signing in until the link expires.
 */
@Injectable()
export class ReceiptService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly receipts: ReceiptRepository,
    private readonly links: ReceiptLink,
    private readonly renderer: ReceiptPdfRenderer,
    private readonly clock: Clock,
  ) {}

  /**
   * A link to the receipt of the customer's payment. Another customer's payment is 404
   * `NOT_FOUND`; one that has not SUCCEEDED is 409 `RECEIPT_NOT_AVAILABLE`.
   */
  async issue(customerId: string, paymentId: string): Promise<IssuedReceipt> {
    const payment = await this.receipts.findOwnedBy(this.dataSource.manager, paymentId, customerId);
    if (!payment) throw ReceiptError.paymentNotFound();
    if (payment.status !== ISSUABLE_STATUS) throw ReceiptError.notAvailable(payment.status);
    const { url, expiresAt } = this.links.issue(payment.id, this.clock.now());
    return { url, expiresAt };
  }

  /**
   * The PDF a link points at. A token that does not verify is 404 `NOT_FOUND` (as is a payment
   * that no longer exists); an authentic but expired one is 410 `RECEIPT_LINK_EXPIRED`.
   */
  async render(token: string): Promise<RenderedReceipt> {
    const check = this.links.verify(token, this.clock.now());
    if (check.kind === 'invalid') throw ReceiptError.linkNotFound();
    if (check.kind === 'expired') throw ReceiptError.linkExpired();
    const payment = await this.receipts.findById(this.dataSource.manager, check.paymentId);
    if (!payment) throw ReceiptError.linkNotFound();
    if (!RENDERABLE_STATUSES.has(payment.status)) throw ReceiptError.notAvailable(payment.status);
    return { paymentId: payment.id, pdf: await this.renderer.render(payment) };
  }
}
