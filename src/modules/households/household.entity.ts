import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A named group of customers who see and pay each other's shared bills. */
@Entity({ name: 'households' })
export class Household {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  /** The customer who made it, its first OWNER. */
  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
