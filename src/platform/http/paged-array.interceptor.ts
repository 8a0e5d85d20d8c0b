import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { LINK_HEADER, pageLinkHeader, TOTAL_COUNT_HEADER } from './page-links';
import type { Page } from './pagination';

/**
 * Answers the handler's `Page` as the bare JSON array of its items, with the paging metadata
 * in `X-Total-Count` and `Link` (DESIGN.md, "Spec arrays"). Handlers keep returning a `Page`,
 * so a service serves a page body and an array route alike. Applied by `PagedArrayResponse`.
 */
@Injectable()
export class PagedArrayInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler<Page<unknown>>): Observable<unknown[]> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return next.handle().pipe(
      map((page) => {
        response.setHeader(TOTAL_COUNT_HEADER, String(page.totalItems));
        response.setHeader(
          LINK_HEADER,
          pageLinkHeader({
            publicBaseUrl: this.config.PUBLIC_BASE_URL,
            requestUrl: request.originalUrl,
            page: page.page,
            size: page.size,
            totalItems: page.totalItems,
          }),
        );
        return page.items;
      }),
    );
  }
}
