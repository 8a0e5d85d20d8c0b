import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ApiErrors } from '../http/api-errors.decorator';
import { DevMailboxMessageDto, DevMailboxQueryDto } from './dev-mailbox.dto';
import { DevMailboxEnabledGuard } from './dev-mailbox-enabled.guard';
import { DevMailboxSender } from './dev-mailbox.sender';

@ApiTags('Development')
@Controller('dev/messages')
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxSender) {}

  /**
   * Development only: the SMS the dev mailbox holds for a number (OTPs included), newest first.
   * Unless the server runs with DEV_MAILBOX=true (never in production) this answers 404
   * `ROUTE_NOT_FOUND`, exactly like a route that does not exist.
   */
  @Get()
  @Public()
  @UseGuards(DevMailboxEnabledGuard)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: [DevMailboxMessageDto] })
  @ApiErrors('ROUTE_NOT_FOUND')
  async list(@Query() query: DevMailboxQueryDto): Promise<DevMailboxMessageDto[]> {
    const messages = await this.mailbox.read(query.phone);
    return messages.map(({ id, channel, to, body, sentAt }) => ({ id, channel, to, body, sentAt }));
  }
}
