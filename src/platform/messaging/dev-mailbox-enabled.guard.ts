import { CanActivate, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-error';

/** With DEV_MAILBOX off, the mailbox route answers exactly as an unknown route does, before any validation. */
@Injectable()
export class DevMailboxEnabledGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (!this.config.DEV_MAILBOX) throw new ApiException('ROUTE_NOT_FOUND', 'No route matches this method and path');
    return true;
  }
}
