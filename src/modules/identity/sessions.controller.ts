import { Controller, Delete, Get, HttpCode } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { DeviceSessionService } from './device-session.service';
import { SessionResponseDto, toSessionResponse } from './dto/session-response.dto';

@ApiTags('Auth')
@Controller('auth/sessions')
export class SessionsController {
  constructor(private readonly sessions: DeviceSessionService) {}

  /** The caller's active device sessions, most recently seen first (at most 100). */
  @Get()
  @CustomerAuth()
  @ApiOkResponse({ type: [SessionResponseDto] })
  async list(@CurrentPrincipal() principal: UserPrincipal): Promise<SessionResponseDto[]> {
    const sessions = await this.sessions.list(principal);
    return sessions.map((session) => toSessionResponse(session, principal.sessionId));
  }

  /** Revoke one of the caller's sessions; its tokens stop working at once. Another user's session is 404. */
  @Delete(':sessionId')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The session is revoked (or already was).' })
  @ApiErrors('NOT_FOUND')
  async revoke(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('sessionId') sessionId: string): Promise<void> {
    await this.sessions.revoke(principal, sessionId, 'REVOKED');
  }
}
