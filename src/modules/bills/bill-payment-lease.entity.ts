import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A payer's short lease on a bill while their payment runs (`BillsService`): only its holder
 * calls the payment core for the bill. The core's idempotency key is scoped to each payer and
 * each key, so without it two household members, or one payer tapping with two keys, would
 * make two payments. Written in migrations 1795820000000 and 1795875000000.
 */
@Entity({ name: 'bill_payment_leases' })
export class BillPaymentLease {
  @PrimaryColumn({ name: 'bill_id', type: 'uuid' })
  billId: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId: string;

  @Column({ type: 'uuid' })
  token: string;

  /** The key the holder pays with; null only for a lease taken before the column existed. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
