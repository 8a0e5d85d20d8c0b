import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A shelf of the biller directory (electricity, water, ...). Customers see active ones only. */
@Entity({ name: 'biller_categories' })
export class BillerCategory {
  @PrimaryColumn('uuid')
  id: string;

  /** Unique, lower-case words joined by hyphens; what customers filter by. */
  @Column({ type: 'varchar', length: 60 })
  slug: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** Icon name the apps map to their icon set (e.g. `bolt`). */
  @Column({ type: 'varchar', length: 60 })
  icon: string;

  /** Ascending; ties by name. */
  @Column({ name: 'sort_order', type: 'integer' })
  sortOrder: number;

  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
