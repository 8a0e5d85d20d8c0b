import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantAuth } from '../../../platform/auth/auth.decorators';
import type { MerchantUserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { Page, PagedArrayResponse } from '../../../platform/http/pagination';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { merchantActor } from '../onboarding/merchant-audit.writer';
import {
  DEFAULT_DELIVERY_PAGE_SIZE,
  MerchantWebhookDeliveryDto,
  MerchantWebhookDeliveryListQueryDto,
  MerchantWebhookEndpointRequestDto,
  MerchantWebhookEndpointResponseDto,
  MerchantWebhookEndpointUpdateRequestDto,
  MerchantWebhookEndpointWithSecretResponseDto,
  toDeliveryResponse,
  toEndpointResponse,
} from './dto/merchant-webhook.dto';
import { EndpointWithSecret, MerchantWebhookEndpointsService } from './merchant-webhook-endpoints.service';

/**
 * Where a merchant's servers hear about its events, signed as Standard Webhooks (design section
 * 7), for the OWNER and DEVELOPERs, people only (an API key gets 403 HUMAN_CONTEXT_REQUIRED;
 * ADMIN and ANALYST 403 FORBIDDEN). Another merchant's endpoint or delivery is 404.
 */
@ApiTags('Merchant webhooks')
@Controller('merchant/webhook-endpoints')
export class MerchantWebhookEndpointsController {
  constructor(private readonly endpoints: MerchantWebhookEndpointsService) {}

  /** The merchant's endpoints of both modes, oldest first; never a secret. */
  @Get()
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @ApiOkResponse({ type: [MerchantWebhookEndpointResponseDto] })
  async list(@CurrentPrincipal() principal: MerchantUserPrincipal): Promise<MerchantWebhookEndpointResponseDto[]> {
    return (await this.endpoints.list(principal.merchantId)).map(toEndpointResponse);
  }

  /**
   * Registers an endpoint for one mode (`livemode`, default test), ENABLED, with its signing
   * secret in the answer this once. 400 WEBHOOK_URL_INVALID (not https, or its host leads to an
   * address that is not public), 400 WEBHOOK_EVENT_TYPE_UNKNOWN, 422 WEBHOOK_ENDPOINT_LIMIT_REACHED
   * (16 per mode). Audited.
   */
  @Post()
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @ApiCreatedResponse({ type: MerchantWebhookEndpointWithSecretResponseDto })
  @ApiErrors('WEBHOOK_URL_INVALID', 'WEBHOOK_EVENT_TYPE_UNKNOWN', 'WEBHOOK_ENDPOINT_LIMIT_REACHED')
  async create(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @Body() body: MerchantWebhookEndpointRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantWebhookEndpointWithSecretResponseDto> {
    const created = await this.endpoints.create(
      principal.merchantId,
      body,
      { actor: merchantActor(principal), userId: principal.userId },
      client,
    );
    return withSecret(created);
  }

  /**
   * Changes the URL (checked again), the events, the description, or the status (`DISABLED`
   * stops deliveries; `ENABLED` resumes them and clears the reason). Audited.
   */
  @Patch(':id')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @ApiOkResponse({ type: MerchantWebhookEndpointResponseDto })
  @ApiErrors('NOT_FOUND', 'WEBHOOK_URL_INVALID', 'WEBHOOK_EVENT_TYPE_UNKNOWN')
  async update(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: MerchantWebhookEndpointUpdateRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantWebhookEndpointResponseDto> {
    return toEndpointResponse(
      await this.endpoints.update(principal.merchantId, id, body, merchantActor(principal), client),
    );
  }

  /** Deletes the endpoint with its delivery history; pending retries stop. Audited. */
  @Delete(':id')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors('NOT_FOUND')
  async remove(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<void> {
    await this.endpoints.remove(principal.merchantId, id, merchantActor(principal), client);
  }

  /**
   * A new signing secret, in the answer this once. The previous secret keeps signing for 24 h
   * (`previousSecretExpiresAt`): every delivery meanwhile carries both signatures, so receivers
   * can switch without losing one. Audited.
   */
  @Post(':id/rotate-secret')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(200)
  @ApiOkResponse({ type: MerchantWebhookEndpointWithSecretResponseDto })
  @ApiErrors('NOT_FOUND')
  async rotateSecret(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantWebhookEndpointWithSecretResponseDto> {
    return withSecret(await this.endpoints.rotateSecret(principal.merchantId, id, merchantActor(principal), client));
  }

  /**
   * Sends a `webhook.test` event to the endpoint now (whatever its events and status), one
   * attempt, recorded with the deliveries. 202 with the delivery, still PENDING.
   */
  @Post(':id/test')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: MerchantWebhookDeliveryDto })
  @ApiErrors('NOT_FOUND')
  async test(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<MerchantWebhookDeliveryDto> {
    return toDeliveryResponse(await this.endpoints.sendTest(principal.merchantId, id));
  }

  /**
   * The endpoint's deliveries, newest first, each with every attempt: `page` (from 0) and `size`
   * (50 when left out, so the first page is the latest 50), optionally one `status`. The body is
   * the page's array; the total and the other pages are in the `X-Total-Count` and `Link`
   * headers. Deliveries are kept 30 days.
   */
  @Get(':id/deliveries')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @PagedArrayResponse(
    MerchantWebhookDeliveryDto,
    'One page of deliveries, newest first; the total and the other pages are in the headers.',
    'merchant/webhook-endpoints/{id}/deliveries?status=FAILED',
    DEFAULT_DELIVERY_PAGE_SIZE,
  )
  @ApiErrors('NOT_FOUND', 'VALIDATION_FAILED')
  async deliveries(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @Query() query: MerchantWebhookDeliveryListQueryDto,
  ): Promise<Page<MerchantWebhookDeliveryDto>> {
    const page = await this.endpoints.deliveries(principal.merchantId, id, query);
    return { ...page, items: page.items.map(toDeliveryResponse) };
  }

  /**
   * One more attempt at a delivery, now, outside the schedule: the same event id and body,
   * signed afresh. 202 with the delivery as it stands; the attempt appears in the deliveries.
   */
  @Post(':id/deliveries/:deliveryId/retry')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: MerchantWebhookDeliveryDto })
  @ApiErrors('NOT_FOUND')
  async retry(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @UuidParam('deliveryId') deliveryId: string,
  ): Promise<MerchantWebhookDeliveryDto> {
    return toDeliveryResponse(await this.endpoints.retry(principal.merchantId, id, deliveryId));
  }
}

function withSecret({ endpoint, secret }: EndpointWithSecret): MerchantWebhookEndpointWithSecretResponseDto {
  return { ...toEndpointResponse(endpoint), secret };
}
