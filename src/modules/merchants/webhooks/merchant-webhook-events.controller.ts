import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantAuth } from '../../../platform/auth/auth.decorators';
import type { MerchantUserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { MerchantWebhookDeliveryDto, toDeliveryResponse } from './dto/merchant-webhook.dto';
import { MerchantWebhookEndpointsService } from './merchant-webhook-endpoints.service';

/** Sending a merchant's event again, to every endpoint it went to (design section 7's replay). */
@ApiTags('Merchant webhooks')
@Controller('merchant/events')
export class MerchantWebhookEventsController {
  constructor(private readonly endpoints: MerchantWebhookEndpointsService) {}

  /**
   * One more attempt now at each delivery of the event (the id is the `webhook-id` receivers
   * saw), same id and body, signed afresh; outside the retry schedule. 202 with the deliveries as
   * they stand (an empty list when the event went to no endpoint). 404 for another merchant's
   * event, an unknown one, or one older than 30 days.
   */
  @Post(':eventId/redeliver')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: [MerchantWebhookDeliveryDto] })
  @ApiErrors('NOT_FOUND')
  async redeliver(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('eventId') eventId: string,
  ): Promise<MerchantWebhookDeliveryDto[]> {
    return (await this.endpoints.redeliver(principal.merchantId, eventId)).map(toDeliveryResponse);
  }
}
