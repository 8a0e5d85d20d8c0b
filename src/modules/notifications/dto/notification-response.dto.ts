import { Page, PageOf } from '../../../platform/http/pagination';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { NOTIFICATION_CATEGORIES, NotificationCategory } from '../notification-preference-matrix';
import type { Notification } from '../notification.entity';
import { NOTIFICATION_TYPES, NotificationType } from '../event-notice';

@ApiSchema({ name: 'NotificationResponse' })
export class NotificationResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a20' })
  id: string;

  @ApiProperty({ enum: NOTIFICATION_CATEGORIES, enumName: 'NotificationCategory', example: 'PAYMENTS' })
  category: NotificationCategory;

  /** What happened, for the app to pick an icon and a screen; new types may be added. */
  @ApiProperty({ enum: NOTIFICATION_TYPES, enumName: 'NotificationType', example: 'PAYMENT_SUCCEEDED' })
  type: NotificationType;

  @ApiProperty({ example: 'Payment to Ikeja Electric succeeded' })
  title: string;

  @ApiProperty({
    example: 'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 went through.',
  })
  body: string;

  /**
   * The objects the notification is about. Payment notifications carry `paymentId`, `billerId`,
   * `billerName`, `accountReference`, `amount` and `fee` (minor units), `currency`, `status`,
   * and, when known, `rail`, `fundsCaptured` (whether the rail took the customer's funds: a
   * failed payment with `true` is being refunded), `failureCode` and `billerReference`. Bill
   * notifications (`BILL_RECEIVED`, `BILL_PAID`) carry `billId`, `billerId`, `billerName`,
   * `accountReference`, `billReference`, `amountDue`, `currency` and `dueDate` (`YYYY-MM-DD`),
   * and for `BILL_PAID` the settling `paymentId` and `amountPaid`. Schedule notifications
   * (`SCHEDULE_RUN_FAILED`, `SCHEDULE_CONFIRMATION_NEEDED`) carry `scheduleId`, `runId`,
   * `billerId`, `billerName`, `accountReference`, `periodKey`, `amount`, `currency` and
   * `reason`, and for a confirmation the `billId` of the bill and the schedule's `maximumAmount`.
   */
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: {
      paymentId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10',
      billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
      billerName: 'Ikeja Electric',
      accountReference: '45010001234',
      amount: 500000,
      fee: 10000,
      currency: 'NGN',
      status: 'SUCCEEDED',
      rail: 'CARD',
      fundsCaptured: true,
      billerReference: 'IKE-778899',
    },
  })
  data: Record<string, unknown>;

  @ApiProperty({ example: false })
  isRead: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  readAt: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;
}

/** One page of the caller's notifications, newest first. */
export const NotificationPageDto = PageOf(NotificationResponseDto, 'NotificationPage');
export type NotificationPageDto = Page<NotificationResponseDto>;

export function toNotificationResponse(notification: Notification): NotificationResponseDto {
  return {
    id: notification.id,
    category: notification.category,
    type: notification.type,
    title: notification.title,
    body: notification.body,
    data: notification.data,
    isRead: notification.readAt !== null,
    readAt: notification.readAt?.toISOString() ?? null,
    createdAt: notification.createdAt.toISOString(),
  };
}
