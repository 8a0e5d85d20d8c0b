import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { AgentFloatService } from './agent-float.service';
import { toFloatTopUp } from './dto/agent-mappers';
import { FloatTopUpRequestDto, FloatTopUpResponseDto } from './dto/float-top-up.dto';

@ApiTags('Admin: agents')
@Controller('admin/agents')
export class AdminAgentsController {
  constructor(private readonly floats: AgentFloatService) {}

  /**
   * Credit an agent's float with cash they deposited (a journal entry against the deposits
   * held). One credit per agent and `reference`: a repeat with the same figures answers 200
   * with the original top-up, with other figures 409 TOP_UP_REFERENCE_REUSED. 422
   * FLOAT_LIMIT_EXCEEDED past AGENT_FLOAT_LIMIT; 404 for a user who is not an active agent.
   */
  @Post(':userId/float-top-ups')
  @StaffAuth('ADMIN')
  @ApiCreatedResponse({ type: FloatTopUpResponseDto, description: 'Credited.' })
  @ApiOkResponse({ type: FloatTopUpResponseDto, description: 'Already credited under this reference.' })
  @ApiErrors('NOT_FOUND', 'FLOAT_LIMIT_EXCEEDED', 'TOP_UP_REFERENCE_REUSED')
  async topUp(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('userId') userId: string,
    @Body() body: FloatTopUpRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FloatTopUpResponseDto> {
    const { topUp, created } = await this.floats.topUp(principal.userId, userId, body);
    response.status(created ? 201 : 200);
    return toFloatTopUp(topUp, (await this.floats.position(userId)).floatBalance);
  }
}
