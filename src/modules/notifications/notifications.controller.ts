import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { NotificationListQueryDto } from './dto/notification-list-query.dto';
import {
  NotificationPreferenceRequestDto,
  NotificationPreferencesResponseDto,
  toNotificationPreferencesResponse,
} from './dto/notification-preferences.dto';
import { NotificationPageDto, toNotificationResponse } from './dto/notification-response.dto';
import { NotificationsService } from './notifications.service';

@ApiTags('Notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** The caller's in-app notifications, newest first; `isRead` keeps only read or unread ones. */
  @Get()
  @CustomerAuth()
  @ApiOkResponse({ type: NotificationPageDto })
  async list(
    @CurrentPrincipal() principal: UserPrincipal,
    @Query() query: NotificationListQueryDto,
  ): Promise<NotificationPageDto> {
    const page = await this.notifications.list(principal.userId, {
      isRead: query.isRead,
      page: query.page,
      size: query.size,
    });
    return { ...page, items: page.items.map(toNotificationResponse) };
  }

  /** Mark one of the caller's notifications read; again is harmless. Another customer's id is 404. */
  @Post(':id/read')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Read.' })
  @ApiErrors('NOT_FOUND')
  async markRead(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('id') id: string): Promise<void> {
    await this.notifications.markRead(principal.userId, id);
  }

  /** Mark every unread notification of the caller read. */
  @Post('read-all')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'All read.' })
  async markAllRead(@CurrentPrincipal() principal: UserPrincipal): Promise<void> {
    await this.notifications.markAllRead(principal.userId);
  }

  /** Which categories of notification reach the caller on which channels. */
  @Get('preferences')
  @CustomerAuth()
  @ApiOkResponse({ type: NotificationPreferencesResponseDto })
  async getPreferences(@CurrentPrincipal() principal: UserPrincipal): Promise<NotificationPreferencesResponseDto> {
    return toNotificationPreferencesResponse(await this.notifications.getPreferences(principal.userId));
  }

  /**
   * Turn categories of notification on or off per channel. Only the listed cells change.
   * `SECURITY` covers sign-in and PIN alerts; `MARKETING` is off until turned on. SMS is sent
   * for payment outcomes, failed scheduled payments and schedules waiting for the customer;
   * `EMAIL` and `PUSH` choices are kept for when those channels ship.
   */
  @Patch('preferences')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Saved; GET /notifications/preferences shows the result.' })
  async updatePreferences(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: NotificationPreferenceRequestDto,
  ): Promise<void> {
    await this.notifications.updatePreferences(principal.userId, body.preferences);
  }
}
