import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A payer's short lease on a shared bill while their payment runs (`BillsService`): the payment
 * core's idempotency key is scoped to each payer, so without it two household members paying
 * the same bill at once would make two payments. Written in migration 1795820000000.
 */
@Entity({ name: 'bill_payment_leases' })
export class BillPaymentLease {
  @PrimaryColumn({ name: 'bill_id', type: 'uuid' })
  billId: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId: string;

  @Column({ type: 'uuid' })
  token: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
