import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DataSource, EntityManager } from 'typeorm';
import { ReplicaReads } from '../../../platform/database/replica-reads';
import { toPage } from '../../../platform/http/pagination';
import { BillerCategory } from '../catalogue/biller-category.entity';
import { BillerCategoryRepository } from '../catalogue/biller-category.repository';
import { normalizeSearchText } from './biller-search-text';
import { Biller } from '../catalogue/biller.entity';
import { BillerForPayment, BillerRepository, BillerSort } from '../catalogue/biller.repository';
import { BillerError } from '../billers.errors';
import { PaymentRail } from '../catalogue/payment-rail.entity';
import { PaymentRailRepository } from '../catalogue/payment-rail.repository';

export interface DirectorySearch {
  q?: string;
  categorySlug?: string;
  sort: BillerSort;
  page: number;
  size: number;
}

/** A biller with its category, found by id or slug. */
export interface BillerWithCategory {
  biller: Biller;
  category: BillerCategory;
}

/**
 * The customer directory: search, categories and biller detail. Customers see a biller when
 * it and its category are active; anything else is "not found" to them. The three reads of
 * `GET /billers`, `/billers/categories` and `/billers/{billerIdOrSlug}` go to the read replica when
 * there is one (`ReplicaReads`): a biller added or changed a few seconds ago may show late, which
 * changes no decision (a payment reads its biller on the primary, `findForPayment`).
 */
@Injectable()
export class BillerDirectoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replica: ReplicaReads,
    private readonly billers: BillerRepository,
    private readonly categories: BillerCategoryRepository,
    private readonly rails: PaymentRailRepository,
  ) {}

  /**
   * One page of the directory as the response body, `BillerSearchResponseDto` already
   * serialised: the items come rendered by PostgreSQL (searchSummariesJson), the page fields
   * are added here.
   */
  async searchJson(search: DirectorySearch): Promise<string> {
    const { itemsJson, total } = await this.replica.read((manager) =>
      this.billers.searchSummariesJson(manager, {
        text: normalizeSearchText(search.q ?? ''),
        categorySlug: search.categorySlug,
        sort: search.sort,
        offset: search.page * search.size,
        limit: search.size,
      }),
    );
    const { page, size, totalItems, totalPages } = toPage([], total, search);
    return `{"items":${itemsJson},"page":${page},"size":${size},"totalItems":${totalItems},"totalPages":${totalPages}}`;
  }

  /** Brings the typo vocabulary in line with the billers; the worker calls it periodically. */
  syncSearchVocabulary(): Promise<{ added: number; dropped: number }> {
    return this.billers.syncSearchTerms(this.dataSource.manager);
  }

  listActiveCategories(): Promise<BillerCategory[]> {
    return this.replica.read((manager) => this.categories.list(manager, { activeOnly: true }));
  }

  /** A biller customers can see, with the active rails it accepts; 404 otherwise. */
  async getVisible(billerIdOrSlug: string): Promise<BillerWithCategory & { rails: PaymentRail[] }> {
    const visible = await this.replica.read(async (manager) => {
      const found = await this.findOn(manager, billerIdOrSlug);
      if (!found || !isVisible(found)) return null;
      return { ...found, rails: await this.rails.findActiveByCodes(manager, found.biller.acceptedRails) };
    });
    if (!visible) throw BillerError.billerNotFound();
    return visible;
  }

  /**
   * A biller by id or slug, whatever its state, with whether customers see it and the active
   * rails it accepts, in one query: the payments context reads it on every payment.
   */
  async findForPayment(billerIdOrSlug: string): Promise<BillerForPayment | null> {
    return this.billers.findForPayment(this.dataSource.manager, billerIdOrSlug, isUUID(billerIdOrSlug));
  }

  /** A biller and its category by id or slug, whatever their state; null when neither names one. */
  find(billerIdOrSlug: string): Promise<BillerWithCategory | null> {
    return this.findOn(this.dataSource.manager, billerIdOrSlug);
  }

  private async findOn(manager: EntityManager, billerIdOrSlug: string): Promise<BillerWithCategory | null> {
    const biller = isUUID(billerIdOrSlug)
      ? await this.billers.findById(manager, billerIdOrSlug)
      : await this.billers.findBySlug(manager, billerIdOrSlug);
    if (!biller) return null;
    const category = await this.categories.findById(manager, biller.categoryId);
    return category ? { biller, category } : null;
  }
}

/** Whether customers see the biller in the directory. */
export function isVisible({ biller, category }: BillerWithCategory): boolean {
  return biller.active && category.active;
}
