import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { Page, PagedArrayResponse } from '../../../platform/http/pagination';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { BillerCatalogueService } from './biller-catalogue.service';
import { AdminCategoryRequestDto, AdminCategoryUpdateRequestDto } from './dto/admin-biller-category.dto';
import {
  AdminBillerListQueryDto,
  AdminBillerRequestDto,
  AdminBillerResponseDto,
  AdminBillerUpdateRequestDto,
  toAdminBillerResponse,
} from './dto/admin-biller.dto';
import { AdminRailRequestDto, AdminRailUpdateRequestDto } from './dto/admin-payment-rail.dto';
import { AdminBillerCategoryResponseDto, toAdminBillerCategoryResponse } from './dto/biller-category-response.dto';
import { PaymentRailResponseDto, toPaymentRailResponse } from './dto/payment-rail-response.dto';

/** The catalogue, for admins: every write is recorded in the admin audit trail. */
@ApiTags('Admin: catalogue')
@Controller('admin')
export class AdminCatalogueController {
  constructor(private readonly catalogue: BillerCatalogueService) {}

  /** Every biller, active or not, by name; searchable like the directory. */
  @Get('billers')
  @StaffAuth('ADMIN')
  @PagedArrayResponse(
    AdminBillerResponseDto,
    'One page of billers; the total and the other pages are in the headers.',
    'admin/billers?active=true',
  )
  async listBillers(@Query() query: AdminBillerListQueryDto): Promise<Page<AdminBillerResponseDto>> {
    const page = await this.catalogue.listBillers({
      q: query.q,
      categorySlug: query.categorySlug,
      active: query.active,
      page: query.page,
      size: query.size,
    });
    return { ...page, items: page.items.map(toAdminBillerResponse) };
  }

  /** Add a biller. Its rails must be active; a direct biller needs connector settings. */
  @Post('billers')
  @StaffAuth('ADMIN')
  @ApiCreatedResponse({ type: AdminBillerResponseDto })
  @ApiErrors('NOT_FOUND', 'CONFLICT')
  async createBiller(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: AdminBillerRequestDto,
  ): Promise<AdminBillerResponseDto> {
    return toAdminBillerResponse(await this.catalogue.createBiller(principal.userId, body));
  }

  /** Change any of a biller's fields; the result is checked as a whole. */
  @Patch('billers/:id')
  @StaffAuth('ADMIN')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Updated.' })
  @ApiErrors('NOT_FOUND', 'CONFLICT')
  async updateBiller(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: AdminBillerUpdateRequestDto,
  ): Promise<void> {
    await this.catalogue.updateBiller(principal.userId, id, body);
  }

  /**
   * Soft delete: the biller is deactivated and leaves the customer directory; its history
   * stays and admins still list it. PATCH `active: true` brings it back.
   */
  @Delete('billers/:id')
  @StaffAuth('ADMIN')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deactivated (or already was).' })
  @ApiErrors('NOT_FOUND')
  async deleteBiller(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('id') id: string): Promise<void> {
    await this.catalogue.deactivateBiller(principal.userId, id);
  }

  /** Every category, active or not, in display order. */
  @Get('biller-categories')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: [AdminBillerCategoryResponseDto] })
  async listCategories(): Promise<AdminBillerCategoryResponseDto[]> {
    return (await this.catalogue.listCategories()).map(toAdminBillerCategoryResponse);
  }

  /** Add a category; its slug must be unique. */
  @Post('biller-categories')
  @StaffAuth('ADMIN')
  @ApiCreatedResponse({ type: AdminBillerCategoryResponseDto })
  @ApiErrors('CONFLICT')
  async createCategory(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: AdminCategoryRequestDto,
  ): Promise<AdminBillerCategoryResponseDto> {
    return toAdminBillerCategoryResponse(await this.catalogue.createCategory(principal.userId, body));
  }

  /** Change a category; `active: false` hides it and its billers from customers. */
  @Patch('biller-categories/:id')
  @StaffAuth('ADMIN')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Updated.' })
  @ApiErrors('NOT_FOUND', 'CONFLICT')
  async updateCategory(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: AdminCategoryUpdateRequestDto,
  ): Promise<void> {
    await this.catalogue.updateCategory(principal.userId, id, body);
  }

  /** Every payment rail, active or not. */
  @Get('payment-rails')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: [PaymentRailResponseDto] })
  async listRails(): Promise<PaymentRailResponseDto[]> {
    return (await this.catalogue.listRails()).map(toPaymentRailResponse);
  }

  /** Add a payment rail (a way to pay) with its fee rule and limits; its code must be unique. */
  @Post('payment-rails')
  @StaffAuth('ADMIN')
  @ApiCreatedResponse({ type: PaymentRailResponseDto })
  @ApiErrors('CONFLICT')
  async createRail(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: AdminRailRequestDto,
  ): Promise<PaymentRailResponseDto> {
    return toPaymentRailResponse(await this.catalogue.createRail(principal.userId, body));
  }

  /** Change a rail's name, state, fee rule or limits (not its code). Billers stop offering an inactive rail. */
  @Patch('payment-rails/:id')
  @StaffAuth('ADMIN')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Updated.' })
  @ApiErrors('NOT_FOUND')
  async updateRail(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: AdminRailUpdateRequestDto,
  ): Promise<void> {
    await this.catalogue.updateRail(principal.userId, id, body);
  }
}
