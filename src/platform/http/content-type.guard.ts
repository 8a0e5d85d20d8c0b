import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiException } from './api-error';
import { HandlerMetadata } from './handler-metadata';

const ACCEPTED_CONTENT_TYPES = 'accepted-content-types';

/** Declares the body media types a route accepts; without it a route accepts JSON only. */
export const AcceptsContentTypes = (...types: string[]) => SetMetadata(ACCEPTED_CONTENT_TYPES, types);

/** Refuses a request body whose Content-Type the route does not accept (415). */
@Injectable()
export class ContentTypeGuard implements CanActivate {
  private readonly accepted: HandlerMetadata<string[]>;

  constructor(reflector: Reflector) {
    this.accepted = new HandlerMetadata(reflector, ACCEPTED_CONTENT_TYPES);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!hasBody(request)) return true;
    const accepted = this.accepted.of(context) ?? ['application/json'];
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!accepted.includes(mediaType)) {
      throw new ApiException(
        'UNSUPPORTED_MEDIA_TYPE',
        `Content-Type must be ${accepted.join(' or ')}${mediaType ? `, not ${mediaType}` : ''}`,
      );
    }
    return true;
  }
}

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
