import { Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { DataSource } from 'typeorm';
import { AdminAuditWriter } from '../../../platform/audit/admin-audit.writer';
import { SessionVerifier } from '../../../platform/auth/session-verifier';
import { ApiException, notFound } from '../../../platform/http/api-error';
import { QueueDashboardAction, queueDashboardActionOf } from './queue-dashboard-actions';
import { QUEUE_DASHBOARD_PATH, QueueDashboardBoard } from './queue-dashboard-board';
import {
  QUEUE_DASHBOARD_COOKIE_TTL_SECONDS,
  QueueDashboardHolder,
  QueueDashboardTokens,
} from './queue-dashboard-tokens';

/** The cookie the link sets; sent back only below QUEUE_DASHBOARD_PATH. */
export const QUEUE_DASHBOARD_COOKIE = 'queue_dashboard';

/** Below QUEUE_DASHBOARD_PATH: `POST` asks for a link (QueueDashboardController), `GET ?token=` opens it. */
export const QUEUE_DASHBOARD_SESSION_PATH = '/session';

/**
 * The dashboard's Content-Security-Policy, in place of the service's (helmet's defaults):
 * bull-board's page loads its scripts, styles and web worker from its own `static/`, the IBM
 * Plex fonts from Google Fonts, and sets inline styles. Nothing runs inline, nothing is framed,
 * and `upgrade-insecure-requests` is left out: on plain HTTP (a local run) it would send the
 * page's own assets to an https:// the API does not serve.
 */
const dashboardContentSecurityPolicy = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'worker-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'font-src': ["'self'", 'https://fonts.gstatic.com', 'data:'],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  },
});

/**
 * Everything below QUEUE_DASHBOARD_PATH but `POST /session`, in front of the bull-board app:
 *
 * 1. `GET /session?token=` redeems a link (once, within 5 minutes), sets the dashboard cookie
 *    (HttpOnly, SameSite=Strict, Secure over HTTPS, Path=QUEUE_DASHBOARD_PATH, 15 minutes) and
 *    redirects (303) to the dashboard.
 * 2. Any other path needs the cookie, and the staff session it was issued from still an active
 *    ADMIN's (SessionVerifier, cached by identity for a few seconds): else 401 UNAUTHENTICATED,
 *    an ApiError, for the page, its assets and its API alike.
 * 3. A mutating call of the dashboard's API (POST, PUT, PATCH, DELETE under `api/`) that succeeds
 *    is written to the admin audit log, with the staff id, the action, the queue and the job,
 *    before its answer is sent.
 *
 * The service's security headers stay; only the CSP is the dashboard's own, and answers are
 * `Cache-Control: no-store` but for the hashed assets.
 */
@Injectable()
export class QueueDashboardMiddleware implements NestMiddleware {
  private readonly logger = new Logger(QueueDashboardMiddleware.name);

  constructor(
    private readonly tokens: QueueDashboardTokens,
    private readonly sessions: SessionVerifier,
    private readonly board: QueueDashboardBoard,
    private readonly dataSource: DataSource,
    private readonly audit: AdminAuditWriter,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const path = dashboardPathOf(request.originalUrl);
    if (path === null) return next();
    try {
      if (path === QUEUE_DASHBOARD_SESSION_PATH) {
        // GET only: a HEAD (a link checker's) must not spend the link.
        if (request.method === 'GET') return await this.openLink(request, response);
        return next();
      }
      await new Promise<void>((resolve, reject) =>
        dashboardContentSecurityPolicy(request, response, (error?: unknown) => (error ? reject(error) : resolve())),
      );
      if (!path.startsWith('/static/')) response.setHeader('Cache-Control', 'no-store');
      const holder = await this.authenticate(request);
      const action = queueDashboardActionOf(request.method, path);
      if (action) this.recordOnSuccess(response, holder, action);
      await this.board.serve(request, response, path, (error?: unknown) =>
        next(error ?? notFound('Queue dashboard page')),
      );
    } catch (error) {
      next(error);
    }
  }

  private async openLink(request: Request, response: Response): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    const token = new URL(request.originalUrl, 'http://dashboard').searchParams.get('token');
    const holder = token ? await this.tokens.redeemLink(token) : null;
    if (!holder) {
      throw new ApiException(
        'UNAUTHENTICATED',
        'The queue dashboard link is invalid, expired or already used; ask for a new one (POST /api/v1/admin/queues/session)',
      );
    }
    await this.requireActiveAdmin(holder);
    const cookie = this.tokens.issueCookie(holder);
    response.cookie(QUEUE_DASHBOARD_COOKIE, cookie.token, {
      httpOnly: true,
      secure: request.secure,
      sameSite: 'strict',
      path: QUEUE_DASHBOARD_PATH,
      maxAge: QUEUE_DASHBOARD_COOKIE_TTL_SECONDS * 1000,
    });
    response.redirect(303, `${QUEUE_DASHBOARD_PATH}/`);
  }

  private async authenticate(request: Request): Promise<QueueDashboardHolder> {
    const token = cookieValue(request.headers.cookie, QUEUE_DASHBOARD_COOKIE);
    if (!token) {
      throw new ApiException(
        'UNAUTHENTICATED',
        'Open the queue dashboard through a link from POST /api/v1/admin/queues/session',
      );
    }
    const holder = this.tokens.verifyCookie(token);
    if (!holder) {
      throw new ApiException(
        'UNAUTHENTICATED',
        'The queue dashboard session is invalid or expired; ask for a new link (POST /api/v1/admin/queues/session)',
      );
    }
    await this.requireActiveAdmin(holder);
    return holder;
  }

  /** The staff session the token was issued from is still open, its user active and an ADMIN. */
  private async requireActiveAdmin(holder: QueueDashboardHolder): Promise<void> {
    const session = await this.sessions.findActive(holder.sessionId);
    if (!session || session.userId !== holder.userId || session.role !== 'ADMIN') {
      throw new ApiException(
        'UNAUTHENTICATED',
        "The queue dashboard session has ended: its staff session ended or is no longer an ADMIN's",
      );
    }
  }

  /**
   * Writes the audit entry when the board answers the call with a 2xx (bull-board's API answers
   * with `res.status(...).json(...)`), then sends the answer. The queue has changed by then: an
   * audit write that fails is logged as an error and the answer still sent.
   */
  private recordOnSuccess(response: Response, holder: QueueDashboardHolder, action: QueueDashboardAction): void {
    // An own property over the prototype's `json`, removed at its first call.
    response.json = (body?: unknown) => {
      Reflect.deleteProperty(response, 'json');
      if (response.statusCode < 200 || response.statusCode >= 300) return response.json(body);
      this.record(holder, action).then(
        () => response.json(body),
        (error: unknown) => {
          this.logger.error(
            `queue dashboard: ${action.action} on ${action.entityId} by ${holder.userId} succeeded but was not audited: ${
              error instanceof Error ? error.message : String(error)
            }`,
          );
          response.json(body);
        },
      );
      return response;
    };
  }

  private async record(holder: QueueDashboardHolder, action: QueueDashboardAction): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.audit.record(manager, {
        actorUserId: holder.userId,
        action: action.action,
        entityType: action.entityType,
        entityId: action.entityId.slice(0, 100),
        after: action.detail,
      }),
    );
  }
}

/** The path below QUEUE_DASHBOARD_PATH (`/` for the dashboard itself), without the query; null outside it. */
export function dashboardPathOf(originalUrl: string): string | null {
  const path = originalUrl.split('?')[0];
  if (path === QUEUE_DASHBOARD_PATH) return '/';
  return path.startsWith(`${QUEUE_DASHBOARD_PATH}/`) ? path.slice(QUEUE_DASHBOARD_PATH.length) : null;
}

/** The value of the cookie `name` in a `Cookie` header, if it holds one (the first). */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim() || null;
  }
  return null;
}
