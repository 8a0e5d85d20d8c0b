import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, QueryFailedError } from 'typeorm';
import { AdminAuditWriter } from '../../../platform/audit/admin-audit.writer';
import { Clock } from '../../../platform/clock/clock';
import { BillersConfig } from '../billers.config';
import { newId } from '../../../platform/database/new-id';
import { Page, toPage } from '../../../platform/http/pagination';
import { accountReferencePatternProblem } from './account-reference-pattern';
import { BillerCategory } from './biller-category.entity';
import { BillerCategoryRepository } from './biller-category.repository';
import { billerSearchTexts, normalizeSearchText } from '../directory/biller-search-text';
import { Biller } from './biller.entity';
import { BillerRepository } from './biller.repository';
import { BillerError } from '../billers.errors';
import { AdminCategoryRequestDto, AdminCategoryUpdateRequestDto } from './dto/admin-biller-category.dto';
import { AdminBillerRequestDto, AdminBillerUpdateRequestDto } from './dto/admin-biller.dto';
import { AdminRailRequestDto, AdminRailUpdateRequestDto } from './dto/admin-payment-rail.dto';
import { toAdminBillerResponse } from './dto/admin-biller.dto';
import { toAdminBillerCategoryResponse } from './dto/biller-category-response.dto';
import { toPaymentRailResponse } from './dto/payment-rail-response.dto';
import { PaymentRail } from './payment-rail.entity';
import { PaymentRailRepository } from './payment-rail.repository';

export interface AdminBillerList {
  q?: string;
  categorySlug?: string;
  active?: boolean;
  page: number;
  size: number;
}

const DEFAULT_CONNECTOR_TIMEOUT_MS = 5000;
/** Fields a PATCH may set to null; null elsewhere is refused rather than reaching a NOT NULL column. */
const NULLABLE_BILLER_FIELDS = ['logoUrl', 'connectorBaseUrl', 'connectorSecretRef'];
const CHECK_EVERYTHING = new Set(['accountReferencePattern', 'categoryId', 'acceptedRails', 'validatesDirectly']);

/**
 * The admin side of the catalogue: billers, categories and payment rails. Admin input is
 * checked as strictly as customers' (DTOs, then the rules that span fields: amounts, pattern
 * safety, rails, connector settings), and every write records its before/after in the admin
 * audit trail in its own transaction.
 */
@Injectable()
export class BillerCatalogueService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly billers: BillerRepository,
    private readonly categories: BillerCategoryRepository,
    private readonly rails: PaymentRailRepository,
    private readonly audit: AdminAuditWriter,
    private readonly config: BillersConfig,
    private readonly clock: Clock,
  ) {}

  // Billers

  /** Admins see every biller, active or not, as a page, searchable like the directory. */
  async listBillers(list: AdminBillerList): Promise<Page<Biller>> {
    const manager = this.dataSource.manager;
    const { rows, total } = await this.billers.search(manager, {
      text: normalizeSearchText(list.q ?? ''),
      categorySlug: list.categorySlug,
      active: list.active,
      offset: list.page * list.size,
      limit: list.size,
    });
    const ids = rows.map((row) => row.id);
    const billers = ids.length > 0 ? await manager.findBy(Biller, { id: In(ids) }) : [];
    const byId = new Map(billers.map((biller) => [biller.id, biller]));
    return toPage(
      ids.map((id) => byId.get(id)).filter((biller): biller is Biller => biller !== undefined),
      total,
      list,
    );
  }

  async createBiller(actorUserId: string, request: AdminBillerRequestDto): Promise<Biller> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const biller = Object.assign(new Biller(), {
        id: newId(),
        slug: request.slug,
        name: request.name,
        aliases: request.aliases ?? [],
        categoryId: request.categoryId.toLowerCase(),
        logoUrl: request.logoUrl ?? null,
        country: request.country,
        currency: request.currency,
        acceptedRails: request.acceptedRails,
        feeFlat: request.feeFlat ?? 0,
        feePercentBps: request.feePercentBps ?? 0,
        agentCommissionFlat: request.agentCommissionFlat ?? 0,
        agentCommissionBps: request.agentCommissionBps ?? 0,
        minAmount: request.minAmount,
        maxAmount: request.maxAmount,
        accountReferenceLabel: request.accountReferenceLabel,
        accountReferencePattern: request.accountReferencePattern,
        amountRule: request.amountRule,
        validatesDirectly: request.validatesDirectly ?? false,
        connectorBaseUrl: request.connectorBaseUrl ?? null,
        connectorSecretRef: request.connectorSecretRef ?? null,
        connectorTimeoutMs: request.connectorTimeoutMs ?? DEFAULT_CONNECTOR_TIMEOUT_MS,
        active: request.active ?? true,
        available: request.available ?? true,
        popularity: 0,
        createdAt: now,
        updatedAt: now,
      } satisfies Omit<Biller, 'searchName' | 'searchText'>);
      Object.assign(biller, billerSearchTexts(biller.name, biller.aliases));
      await this.checkBiller(manager, biller, CHECK_EVERYTHING);
      await this.refuseDuplicate(() => this.billers.insert(manager, biller), 'billers_slug_key');
      await this.audit.record(manager, {
        actorUserId,
        action: 'biller.created',
        entityType: 'biller',
        entityId: biller.id,
        after: { ...toAdminBillerResponse(biller) },
      });
      return biller;
    });
  }

  async updateBiller(actorUserId: string, id: string, request: AdminBillerUpdateRequestDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const biller = await this.billers.lockById(manager, id);
      if (!biller) throw BillerError.billerNotFound();
      const before = toAdminBillerResponse(biller);
      const changes = patchFields(request, NULLABLE_BILLER_FIELDS);
      Object.assign(biller, changes);
      if (changes.categoryId) biller.categoryId = changes.categoryId.toLowerCase();
      Object.assign(biller, billerSearchTexts(biller.name, biller.aliases));
      biller.updatedAt = this.clock.now();
      await this.checkBiller(manager, biller, new Set(Object.keys(changes)));
      await this.refuseDuplicate(() => this.billers.update(manager, biller), 'billers_slug_key');
      await this.audit.record(manager, {
        actorUserId,
        action: 'biller.updated',
        entityType: 'biller',
        entityId: biller.id,
        before: { ...before },
        after: { ...toAdminBillerResponse(biller) },
      });
    });
  }

  /** The soft delete: the biller leaves the customer directory; its rows and history stay. */
  async deactivateBiller(actorUserId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const biller = await this.billers.lockById(manager, id);
      if (!biller) throw BillerError.billerNotFound();
      if (!biller.active) return;
      const before = toAdminBillerResponse(biller);
      biller.active = false;
      biller.updatedAt = this.clock.now();
      await this.billers.update(manager, biller);
      await this.audit.record(manager, {
        actorUserId,
        action: 'biller.deactivated',
        entityType: 'biller',
        entityId: biller.id,
        before: { ...before },
        after: { ...toAdminBillerResponse(biller) },
      });
    });
  }

  /** Rules that span fields or need the database; `changed` names the fields the request set. */
  private async checkBiller(manager: EntityManager, biller: Biller, changed: Set<string>): Promise<void> {
    if (biller.minAmount > biller.maxAmount) throw BillerError.invalid('maxAmount', 'must be at least minAmount');
    if (changed.has('accountReferencePattern')) {
      const problem = accountReferencePatternProblem(biller.accountReferencePattern);
      if (problem) throw BillerError.invalid('accountReferencePattern', problem);
    }
    if (changed.has('categoryId') && !(await this.categories.findById(manager, biller.categoryId))) {
      throw BillerError.categoryNotFound('categoryId');
    }
    if (changed.has('acceptedRails')) {
      const active = new Set((await this.rails.findActiveByCodes(manager, biller.acceptedRails)).map((r) => r.code));
      const unknown = biller.acceptedRails.filter((code) => !active.has(code));
      if (unknown.length > 0) throw BillerError.invalid('acceptedRails', `names no active rail: ${unknown.join(', ')}`);
    }
    if (['validatesDirectly', 'connectorBaseUrl', 'connectorSecretRef'].some((field) => changed.has(field))) {
      if (biller.validatesDirectly && !biller.connectorBaseUrl) {
        throw BillerError.invalid('connectorBaseUrl', 'is required when validatesDirectly is true');
      }
      if (biller.validatesDirectly && !biller.connectorSecretRef) {
        throw BillerError.invalid('connectorSecretRef', 'is required when validatesDirectly is true');
      }
      if (biller.connectorSecretRef && !this.config.billerConnectorSecrets.has(biller.connectorSecretRef)) {
        throw BillerError.invalid('connectorSecretRef', 'names no secret in the configuration');
      }
    }
  }

  // Categories

  listCategories(): Promise<BillerCategory[]> {
    return this.categories.list(this.dataSource.manager, { activeOnly: false });
  }

  async createCategory(actorUserId: string, request: AdminCategoryRequestDto): Promise<BillerCategory> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const category = Object.assign(new BillerCategory(), {
        id: newId(),
        slug: request.slug,
        name: request.name,
        icon: request.icon,
        sortOrder: request.sortOrder ?? 0,
        active: request.active ?? true,
        createdAt: now,
        updatedAt: now,
      } satisfies BillerCategory);
      await this.refuseDuplicate(() => this.categories.insert(manager, category), 'biller_categories_slug_key');
      await this.audit.record(manager, {
        actorUserId,
        action: 'biller_category.created',
        entityType: 'biller_category',
        entityId: category.id,
        after: { ...toAdminBillerCategoryResponse(category) },
      });
      return category;
    });
  }

  async updateCategory(actorUserId: string, id: string, request: AdminCategoryUpdateRequestDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const category = await this.categories.lockById(manager, id);
      if (!category) throw BillerError.categoryNotFound();
      const before = toAdminBillerCategoryResponse(category);
      Object.assign(category, patchFields(request), { updatedAt: this.clock.now() });
      await this.refuseDuplicate(() => this.categories.update(manager, category), 'biller_categories_slug_key');
      await this.audit.record(manager, {
        actorUserId,
        action: 'biller_category.updated',
        entityType: 'biller_category',
        entityId: category.id,
        before: { ...before },
        after: { ...toAdminBillerCategoryResponse(category) },
      });
    });
  }

  // Payment rails

  listRails(): Promise<PaymentRail[]> {
    return this.rails.listAll(this.dataSource.manager);
  }

  async createRail(actorUserId: string, request: AdminRailRequestDto): Promise<PaymentRail> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const rail = Object.assign(new PaymentRail(), {
        id: newId(),
        code: request.code,
        name: request.name,
        active: request.active ?? true,
        feeFlat: request.feeFlat ?? 0,
        feePercentBps: request.feePercentBps ?? 0,
        minAmount: request.minAmount,
        maxAmount: request.maxAmount,
        createdAt: now,
        updatedAt: now,
      } satisfies PaymentRail);
      if (rail.minAmount > rail.maxAmount) throw BillerError.invalid('maxAmount', 'must be at least minAmount');
      await this.refuseDuplicate(() => this.rails.insert(manager, rail), 'payment_rails_code_key', 'code');
      await this.audit.record(manager, {
        actorUserId,
        action: 'payment_rail.created',
        entityType: 'payment_rail',
        entityId: rail.id,
        after: { ...toPaymentRailResponse(rail) },
      });
      return rail;
    });
  }

  async updateRail(actorUserId: string, id: string, request: AdminRailUpdateRequestDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rail = await this.rails.lockById(manager, id);
      if (!rail) throw BillerError.railNotFound();
      const before = toPaymentRailResponse(rail);
      Object.assign(rail, patchFields(request), { updatedAt: this.clock.now() });
      if (rail.minAmount > rail.maxAmount) throw BillerError.invalid('maxAmount', 'must be at least minAmount');
      await this.rails.update(manager, rail);
      await this.audit.record(manager, {
        actorUserId,
        action: 'payment_rail.updated',
        entityType: 'payment_rail',
        entityId: rail.id,
        before: { ...before },
        after: { ...toPaymentRailResponse(rail) },
      });
    });
  }

  /** Runs a write and turns a violation of the unique `constraint` into a 409 naming `field`. */
  private async refuseDuplicate(write: () => Promise<void>, constraint: string, field = 'slug'): Promise<void> {
    try {
      await write();
    } catch (error) {
      const driverError = error instanceof QueryFailedError ? (error.driverError as { constraint?: string }) : null;
      if (driverError?.constraint === constraint) {
        throw BillerError.conflict(`Another record already has this ${field}`, field);
      }
      throw error;
    }
  }
}

/**
 * The fields a PATCH body set: absent fields stay as they are; `null` clears the fields in
 * `nullable` and is refused (400) for the others.
 */
function patchFields<T extends object>(request: T, nullable: readonly string[] = []): Partial<T> {
  const entries = Object.entries(request).filter(([, value]) => value !== undefined);
  const nulled = entries.find(([field, value]) => value === null && !nullable.includes(field));
  if (nulled) throw BillerError.invalid(nulled[0], 'must not be null');
  return Object.fromEntries(entries) as Partial<T>;
}
