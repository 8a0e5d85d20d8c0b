import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentStatus } from './payment.entity';

/** One step of a payment's timeline; append-only. */
@Entity({ name: 'payment_status_events' })
export class PaymentStatusEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  @Column({ type: 'varchar', length: 16 })
  status: PaymentStatus;

  @Column({ type: 'varchar', length: 200, nullable: true })
  note: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
