import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A visit to a payment link's hosted page, at most one per visitor and link every 30 minutes (the funnel's views). */
@Entity({ name: 'merchant_payment_link_views' })
export class MerchantPaymentLinkView {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'payment_link_id', type: 'uuid' })
  paymentLinkId: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ type: 'boolean' })
  livemode: boolean;

  /** The keyed digest of the visitor's cookie (`HostedCheckoutTokens.visitorKey`). */
  @Column({ name: 'visitor_key', type: 'char', length: 64 })
  visitorKey: string;

  /** The session this visit opened (the latest one, when the visitor came back within the window). */
  @Column({ name: 'checkout_session_id', type: 'uuid', nullable: true })
  checkoutSessionId: string | null;

  @Column({ name: 'viewed_at', type: 'timestamptz' })
  viewedAt: Date;
}
