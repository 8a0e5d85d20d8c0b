import { Column } from 'typeorm';
import type { Biller } from './biller.entity';

/**
 * The biller as it was when a row was made (a payment, a bill, a schedule), so its history reads
 * the same after the biller is renamed. An embedded column group, not an entity: the entity that
 * embeds it maps these columns in its own table, with `@Column(() => BillerSnapshot, { prefix: false })`.
 * The prefix is off because the columns name themselves `biller_id`, `biller_name` and
 * `biller_slug`: TypeORM's default naming strategy would join a prefix in camel case
 * (`billerName`), and the tables' columns are snake case.
 */
export class BillerSnapshot {
  @Column({ name: 'biller_id', type: 'uuid' })
  id: string;

  @Column({ name: 'biller_name', type: 'varchar', length: 120 })
  name: string;

  @Column({ name: 'biller_slug', type: 'varchar', length: 80 })
  slug: string;

  /** The snapshot of a biller, or of a row's `biller_*` columns. */
  static of(biller: Pick<Biller, 'id' | 'name' | 'slug'>): BillerSnapshot {
    const snapshot = new BillerSnapshot();
    snapshot.id = biller.id;
    snapshot.name = biller.name;
    snapshot.slug = biller.slug;
    return snapshot;
  }
}
