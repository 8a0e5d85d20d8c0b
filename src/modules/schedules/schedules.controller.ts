import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { toScheduleResponse, toScheduleRunResponse } from './dto/schedule-mappers';
import { ScheduleRequestDto } from './dto/schedule-request.dto';
import { ScheduleResponseDto } from './dto/schedule-response.dto';
import { ScheduleRunResponseDto } from './dto/schedule-run-response.dto';
import { ScheduleUpdateRequestDto } from './dto/schedule-update-request.dto';
import { SchedulesService } from './schedules.service';

@ApiTags('Schedules')
@Controller('schedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  /**
   * Schedule a payment: once, weekly or monthly, of a fixed amount or of your pushed bills up to
   * a maximum. Needs consent to the current scheduled-payment terms (422 CONSENT_MISSING or
   * CONSENT_STALE, whose `details` name the current version). Each period pays at most once,
   * through the same payment core as POST /payments.
   */
  @Post()
  @CustomerAuth()
  @ApiCreatedResponse({ type: ScheduleResponseDto })
  @ApiErrors('NOT_FOUND', 'CONSENT_MISSING', 'CONSENT_STALE', 'RAIL_UNAVAILABLE', 'BILLER_UNAVAILABLE')
  async create(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: ScheduleRequestDto,
  ): Promise<ScheduleResponseDto> {
    return toScheduleResponse(await this.schedules.create(principal.userId, body), this.schedules.timeZone);
  }

  /** Your schedules, newest first, whatever their status. */
  @Get()
  @CustomerAuth()
  @ApiOkResponse({ type: ScheduleResponseDto, isArray: true })
  async list(@CurrentPrincipal() principal: UserPrincipal): Promise<ScheduleResponseDto[]> {
    const schedules = await this.schedules.list(principal.userId);
    return schedules.map((schedule) => toScheduleResponse(schedule, this.schedules.timeZone));
  }

  /** One of your schedules; another customer's is 404. */
  @Get(':id')
  @CustomerAuth()
  @ApiOkResponse({ type: ScheduleResponseDto })
  @ApiErrors('NOT_FOUND')
  async detail(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<ScheduleResponseDto> {
    return toScheduleResponse(await this.schedules.get(principal.userId, id), this.schedules.timeZone);
  }

  /**
   * Change the amount or maximum (raising either needs fresh consent), the frequency or the end
   * date, or pause (`status: PAUSED`) and resume (`status: ACTIVE`). A cancelled schedule
   * answers 409 SCHEDULE_CANCELLED, a completed one 409 SCHEDULE_COMPLETED.
   */
  @Patch(':id')
  @CustomerAuth()
  @ApiOkResponse({ type: ScheduleResponseDto })
  @ApiErrors('NOT_FOUND', 'CONSENT_MISSING', 'CONSENT_STALE', 'SCHEDULE_CANCELLED', 'SCHEDULE_COMPLETED')
  async update(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: ScheduleUpdateRequestDto,
  ): Promise<ScheduleResponseDto> {
    return toScheduleResponse(await this.schedules.update(principal.userId, id, body), this.schedules.timeZone);
  }

  /**
   * Cancel the schedule: no further period runs; the schedule and its runs stay readable.
   * Cancelling an already cancelled schedule answers 204 again.
   */
  @Delete(':id')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Cancelled.' })
  @ApiErrors('NOT_FOUND')
  async cancel(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('id') id: string): Promise<void> {
    await this.schedules.cancel(principal.userId, id);
  }

  /** The schedule's runs, one per period, newest first. */
  @Get(':id/runs')
  @CustomerAuth()
  @ApiOkResponse({ type: ScheduleRunResponseDto, isArray: true })
  @ApiErrors('NOT_FOUND')
  async runs(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<ScheduleRunResponseDto[]> {
    const { schedule, runs } = await this.schedules.runs(principal.userId, id);
    return runs.map((run) => toScheduleRunResponse(run, schedule.currency));
  }
}
