import { Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { QueueDashboardSessionDto } from '../dto/queue-dashboard-session.dto';
import { QUEUE_DASHBOARD_PATH } from './queue-dashboard-board';
import { QUEUE_DASHBOARD_SESSION_PATH } from './queue-dashboard.middleware';
import { QueueDashboardTokens } from './queue-dashboard-tokens';

@ApiTags('Admin: operations')
@Controller('admin/queues')
export class QueueDashboardController {
  constructor(private readonly tokens: QueueDashboardTokens) {}

  /**
   * A link to the queue dashboard (bull-board, at `/api/v1/admin/queues`), for a browser,
   * which cannot send the bearer token. Opened within 5 minutes, once, it sets an HttpOnly,
   * SameSite=Strict cookie scoped to the dashboard's path (Secure over HTTPS), valid 15 minutes
   * and only while this staff session stays open and an ADMIN's, and redirects to the dashboard.
   * The dashboard's retries, removals, promotions and cleanings are written to the admin audit log.
   */
  @Post('session')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: QueueDashboardSessionDto })
  session(@CurrentPrincipal() principal: UserPrincipal): QueueDashboardSessionDto {
    const link = this.tokens.issueLink({ userId: principal.userId, sessionId: principal.sessionId });
    return {
      url: `${QUEUE_DASHBOARD_PATH}${QUEUE_DASHBOARD_SESSION_PATH}?token=${link.token}`,
      expiresAt: link.expiresAt.toISOString(),
      expiresIn: link.expiresIn,
    };
  }
}
