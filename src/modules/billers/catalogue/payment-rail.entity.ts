import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

/** The rails the service knows at launch; admins may add more. */
export const STANDARD_RAIL_CODES = ['CARD', 'BANK_TRANSFER', 'MOBILE_MONEY', 'WALLET'] as const;

/**
 * A way to pay (card, bank transfer, ...), with its own fee rule and limits in the minor unit
 * of the payment's currency. A biller only accepts active rails.
 */
@Entity({ name: 'payment_rails' })
export class PaymentRail {
  @PrimaryColumn('uuid')
  id: string;

  /** UPPER_SNAKE, unique and immutable: billers refer to rails by code. */
  @Column({ type: 'varchar', length: 32 })
  code: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: 'fee_flat', type: 'bigint', transformer: minorUnits })
  feeFlat: number;

  /** Percentage fee in basis points (100 = 1%). */
  @Column({ name: 'fee_percent_bps', type: 'integer' })
  feePercentBps: number;

  @Column({ name: 'min_amount', type: 'bigint', transformer: minorUnits })
  minAmount: number;

  @Column({ name: 'max_amount', type: 'bigint', transformer: minorUnits })
  maxAmount: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
