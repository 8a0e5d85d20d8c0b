import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ApiException } from '../http/api-error';
import { ApiErrors } from '../http/api-errors.decorator';
import { DevMailboxMessageDto, DevMailboxQueryDto } from './dev-mailbox.dto';
import { DevMailboxEnabledGuard } from './dev-mailbox-enabled.guard';
import { DevMailboxSender } from './dev-mailbox.sender';

@ApiTags('Development')
@Controller('dev/messages')
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxSender) {}

  /**
   * Development only: the SMS the dev mailbox holds for a number (OTPs included), or the e-mail
   * it holds for an address (`email=`, invitations and onboarding links), newest first.
   * Unless the server runs with DEV_MAILBOX=true (never in production) this answers 404
   * `ROUTE_NOT_FOUND`, exactly like a route that does not exist.
   */
  @Get()
  @Public()
  @UseGuards(DevMailboxEnabledGuard)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: [DevMailboxMessageDto] })
  @ApiErrors('VALIDATION_FAILED', 'ROUTE_NOT_FOUND')
  async list(@Query() query: DevMailboxQueryDto): Promise<DevMailboxMessageDto[]> {
    const recipient = query.phone ?? query.email;
    if (!recipient || (query.phone && query.email)) {
      throw new ApiException('VALIDATION_FAILED', 'Give exactly one of phone and email', [
        { field: 'phone', message: 'exactly one of phone and email is required' },
      ]);
    }
    const messages = await this.mailbox.read(recipient);
    return messages.map((message) => ({
      id: message.id,
      channel: message.channel,
      to: message.to,
      subject: message.channel === 'EMAIL' ? message.subject : null,
      body: message.body,
      sentAt: message.sentAt,
    }));
  }
}
