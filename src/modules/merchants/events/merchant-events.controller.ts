import { Controller, Get, Headers, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { MerchantDashboardEventResponseDto } from './dto/merchant-dashboard-event.dto';
import { MerchantEventStreams } from './merchant-event-streams.service';

const EVENT_STREAM = 'text/event-stream';

const FRAMES = [
  'retry: 5000',
  '',
  'id: 0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e',
  'event: kyb.status_changed',
  'data: {"id": "0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e", "data": {"object": {"status": "APPROVED", "merchantId": "0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10", "reasonCode": null, "previousStatus": "UNDER_REVIEW"}}, "type": "kyb.status_changed", "livemode": true, "createdAt": "2026-11-26T02:45:00.000Z", "apiVersion": "v1"}',
  '',
  ': ping',
];

const EVENT_EXAMPLE = {
  id: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e',
  type: 'kyb.status_changed',
  createdAt: '2026-11-26T02:45:00.000Z',
  livemode: true,
  apiVersion: 'v1',
  data: {
    object: {
      merchantId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10',
      status: 'APPROVED',
      previousStatus: 'UNDER_REVIEW',
      reasonCode: null,
    },
  },
};

/** The merchant's live events (4.10), for the merchant's server with its API key only, in the key's mode. */
@ApiTags('Merchant events')
@ApiExtraModels(MerchantDashboardEventResponseDto)
@Controller('merchant/events')
export class MerchantEventsController {
  constructor(private readonly streams: MerchantEventStreams) {}

  @Get()
  @MerchantApiKey()
  @ApiOperation({
    summary: "The merchant's events, live, as server-sent events",
    description: [
      'A `text/event-stream` that stays open. It starts with `retry: 5000` (reconnect after 5 s), then one frame per event:',
      '`id:` the event id (UUIDv7), `event:` its type, `data:` a `MerchantDashboardEventResponse` (the webhook envelope),',
      "in the order the events happened for the key's merchant and mode. A comment `: ping` comes every 20 seconds.",
      '',
      'Reconnect with `Last-Event-ID` (EventSource does it by itself): the events after it are sent first, each once, then the',
      'live ones, with nothing missed between. Events are kept 72 hours: an id older than that, or unknown, gets an',
      '`event: resync` frame (`data: {"type": "resync", "reason": "LAST_EVENT_ID_EXPIRED" | "LAST_EVENT_ID_UNKNOWN",',
      '"retentionHours": 72}`, no `id:`) and then live events: read the current state again with the other routes.',
      '',
      'Types: those webhook endpoints can subscribe to (`kyb.status_changed`, a live-mode event, and each type added there).',
      'A key may hold 5 streams at once across every server (429 `TOO_MANY_EVENT_STREAMS` beyond); a slot frees when its',
      'stream closes. Sent with `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no`, so proxies pass frames',
      'as they come. The API key goes in `Authorization`, which browsers\u2019 `EventSource` cannot send: read the stream from',
      'your server.',
      '',
      'On the wire:',
      '',
      '```',
      ...FRAMES,
      '```',
    ].join('\n'),
  })
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'The `id:` of the last event received: the stream resumes after it (or answers `event: resync`).',
    schema: { type: 'string', format: 'uuid', example: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e' },
  })
  @ApiProduces(EVENT_STREAM)
  @ApiOkResponse({
    description:
      "The event stream (`text/event-stream`, frames as in the description). The schema is that of each event's `data:` line, a `MerchantDashboardEventResponse`; `event: resync` frames carry `{type, reason, retentionHours}` instead.",
    headers: {
      'Cache-Control': { schema: { type: 'string', example: 'no-cache, no-transform' } },
      'X-Accel-Buffering': { schema: { type: 'string', example: 'no' } },
    },
    content: {
      [EVENT_STREAM]: {
        schema: { $ref: getSchemaPath(MerchantDashboardEventResponseDto) },
        example: EVENT_EXAMPLE,
      },
    },
  })
  @ApiErrors('TOO_MANY_EVENT_STREAMS', 'SERVICE_UNAVAILABLE')
  async stream(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    await this.streams.stream(principal, lastEventId, response);
  }
}
