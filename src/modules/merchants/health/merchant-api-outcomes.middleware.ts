import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { AuthenticatedRequest } from '../../../platform/auth/principal';
import { MerchantApiOutcomes } from './merchant-api-outcomes';

/**
 * Counts each answer to a request the merchant's API key authenticated (its merchant, mode and
 * status) once the response is sent, for the health check's error rate. The guard sets the
 * principal after this middleware runs, so it is read when the response finishes; a request with
 * a bad key has no merchant and is not counted. Nothing is awaited on the request's path.
 */
@Injectable()
export class MerchantApiOutcomesMiddleware implements NestMiddleware {
  constructor(private readonly outcomes: MerchantApiOutcomes) {}

  use(request: Request, response: Response, next: NextFunction): void {
    response.once('finish', () => {
      const principal = (request as Request & AuthenticatedRequest).principal;
      if (principal?.kind === 'merchant-api-key') {
        this.outcomes.record(principal.merchantId, principal.livemode, response.statusCode);
      }
    });
    next();
  }
}
