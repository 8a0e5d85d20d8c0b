import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, ValidateNested } from 'class-validator';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  NotificationCategory,
  NotificationChannel,
  NotificationPreference,
} from '../notification-preference-matrix';

const MATRIX_SIZE = NOTIFICATION_CATEGORIES.length * NOTIFICATION_CHANNELS.length;

/** Whether one category of notification reaches the customer on one channel. */
@ApiSchema({ name: 'NotificationPreference' })
export class NotificationPreferenceDto {
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES, enumName: 'NotificationCategory', example: 'PAYMENTS' })
  @IsIn(NOTIFICATION_CATEGORIES)
  category: NotificationCategory;

  @ApiProperty({ enum: NOTIFICATION_CHANNELS, enumName: 'NotificationChannel', example: 'SMS' })
  @IsIn(NOTIFICATION_CHANNELS)
  channel: NotificationChannel;

  @ApiProperty({ example: false })
  @IsBoolean()
  enabled: boolean;
}

@ApiSchema({ name: 'NotificationPreferenceRequest' })
export class NotificationPreferenceRequestDto {
  /**
   * The cells to change, each category and channel at most once; cells not listed keep their
   * current value.
   */
  @ApiProperty({ type: [NotificationPreferenceDto], minItems: 1, maxItems: MATRIX_SIZE })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MATRIX_SIZE)
  @ValidateNested({ each: true })
  @Type(() => NotificationPreferenceDto)
  @ArrayUnique((preference: NotificationPreferenceDto) => `${preference?.category}:${preference?.channel}`, {
    message: 'preferences must name each category and channel at most once',
  })
  preferences: NotificationPreferenceDto[];
}

/** Every category and channel, with the customer's choice or the default. */
@ApiSchema({ name: 'NotificationPreferencesResponse' })
export class NotificationPreferencesResponseDto {
  /** All categories x channels. Until changed, everything is on except `MARKETING`. */
  @ApiProperty({
    type: [NotificationPreferenceDto],
    example: [
      { category: 'PAYMENTS', channel: 'IN_APP', enabled: true },
      { category: 'PAYMENTS', channel: 'SMS', enabled: false },
      { category: 'MARKETING', channel: 'EMAIL', enabled: false },
    ],
  })
  preferences: NotificationPreferenceDto[];
}

export function toNotificationPreferencesResponse(
  preferences: readonly NotificationPreference[],
): NotificationPreferencesResponseDto {
  return {
    preferences: preferences.map(({ category, channel, enabled }) => ({ category, channel, enabled })),
  };
}
