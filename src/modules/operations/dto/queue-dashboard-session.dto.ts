import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** A link that opens the queue dashboard in a browser, once, within 5 minutes. */
@ApiSchema({ name: 'QueueDashboardSession' })
export class QueueDashboardSessionDto {
  /**
   * The link, a path on this API: open it in a browser (the address bar) within `expiresAt`.
   * It works once; it sets the dashboard's cookie (15 minutes, sent only to
   * `/api/v1/admin/queues`) and redirects to the dashboard.
   */
  @ApiProperty({
    example:
      '/api/v1/admin/queues/session?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJxdWV1ZV9kYXNoYm9hcmRfbGluayJ9.c2lnbmF0dXJl',
  })
  url: string;

  /** When the link stops working if not opened. */
  @ApiProperty({ format: 'date-time', example: '2026-11-26T07:05:00.000Z' })
  expiresAt: string;

  /** Seconds the link stays valid (300). */
  @ApiProperty({ type: 'integer', example: 300 })
  expiresIn: number;
}
