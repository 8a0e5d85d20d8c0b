import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { ApiErrorDetail, ApiException } from './api-error';
import { DEPENDENCY_RETRY_AFTER_SECONDS, dependencyOutageOf, dependencyUnavailable } from './dependency-outage';
import { ErrorCode } from './error-catalogue';

interface RenderedError {
  status: number;
  code: ErrorCode;
  message: string;
  details?: ApiErrorDetail[];
  headers?: Record<string, string>;
  body?: Readonly<Record<string, unknown>>;
}

/** Errors raised by Express's body parser carry a `type` naming what went wrong. */
interface BodyParserError {
  type: string;
  status?: number;
  statusCode?: number;
  limit?: number;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: 'VALIDATION_FAILED',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
  [HttpStatus.NOT_FOUND]: 'ROUTE_NOT_FOUND',
  [HttpStatus.CONFLICT]: 'CONFLICT',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'PAYLOAD_TOO_LARGE',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'UNSUPPORTED_MEDIA_TYPE',
  [HttpStatus.TOO_MANY_REQUESTS]: 'RATE_LIMITED',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
};

/** PostgreSQL SQLSTATE codes that mean the request, not the server, is at fault. */
const PG_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  '23505': {
    status: HttpStatus.CONFLICT,
    code: 'CONFLICT',
    message: 'A record with the same unique value already exists',
  },
  '23503': {
    status: HttpStatus.CONFLICT,
    code: 'CONFLICT',
    message: 'The record refers to, or is referred to by, another record',
  },
  '23514': {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: 'A value breaks a rule of the record',
  },
  '23502': { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: 'A required value is missing' },
  '22P02': { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: 'A value has the wrong format' },
  '22001': { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: 'A value is too long' },
  '22003': { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: 'A number is out of range' },
  '22007': {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: 'A date or time has the wrong format',
  },
  '22008': { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: 'A date or time is out of range' },
  '22021': {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: 'A value contains bytes that are not text',
  },
  '22P05': {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: 'A value contains characters that cannot be stored',
  },
};

/**
 * Renders every failure as an ApiError body: our own exceptions, Nest's HTTP exceptions
 * (including the router's 404), body-parser failures, database constraint violations,
 * PostgreSQL or Redis being down (503 with `Retry-After`, naming the dependency) and anything
 * unexpected, which becomes a 500 that leaks nothing but the request id.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: PinoLogger) {
    this.logger.setContext(ApiExceptionFilter.name);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const rendered = this.render(exception);

    if (rendered.code === 'SERVICE_UNAVAILABLE') {
      // An outage fails every request alike: one line each, without a stack, keeps the logs readable.
      this.logger.warn(
        { requestId: request.id, details: rendered.details, cause: errorMessage(exception) },
        'request refused: a dependency is unavailable',
      );
    } else if (rendered.status >= 500) {
      this.logger.error({ err: exception, requestId: request.id }, 'request failed: %s', rendered.code);
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    // Middleware mounted on wildcards leaves `request.route` set; the metrics need to know no route matched.
    if (rendered.code === 'ROUTE_NOT_FOUND') response.locals.routeNotFound = true;
    for (const [name, value] of Object.entries(rendered.headers ?? {})) response.setHeader(name, value);
    response.status(rendered.status).json({
      code: rendered.code,
      message: rendered.message,
      requestId: String(request.id ?? ''),
      ...(rendered.details && rendered.details.length > 0 ? { details: rendered.details } : {}),
      ...rendered.body,
    });
  }

  private render(exception: unknown): RenderedError {
    const rendered = this.renderException(exception);
    if (rendered.code !== 'SERVICE_UNAVAILABLE' || rendered.headers?.['Retry-After'] !== undefined) return rendered;
    return { ...rendered, headers: { ...rendered.headers, 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) } };
  }

  private renderException(exception: unknown): RenderedError {
    if (exception instanceof ApiException) {
      return {
        status: exception.status,
        code: exception.code,
        message: exception.message,
        details: exception.details,
        headers: exception.headers,
        body: exception.body,
      };
    }
    const outage = dependencyOutageOf(exception);
    if (outage) return this.renderException(dependencyUnavailable(outage.dependency, outage.reason, outage.message));
    // The Express adapter wraps body-parser failures in an HttpException whose cause is the original.
    const bodyParserError = exception instanceof HttpException ? exception.cause : exception;
    if (isBodyParserError(bodyParserError)) return this.renderBodyParserError(bodyParserError);
    if (exception instanceof HttpException) return this.renderHttpException(exception);
    if (exception instanceof QueryFailedError) {
      const sqlState = (exception.driverError as { code?: string } | undefined)?.code;
      const known = sqlState ? PG_CLIENT_ERRORS[sqlState] : undefined;
      if (known) return { ...known };
    }
    if (exception instanceof EntityNotFoundError) {
      return { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: 'Resource not found' };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, code: 'INTERNAL', message: 'An unexpected error occurred' };
  }

  private renderHttpException(exception: HttpException): RenderedError {
    const status = exception.getStatus();
    if (status >= 500) {
      const code = STATUS_CODES[status] ?? 'INTERNAL';
      return { status, code, message: code === 'INTERNAL' ? 'An unexpected error occurred' : exception.message };
    }
    const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
    const message = code === 'ROUTE_NOT_FOUND' ? 'No route matches this method and path' : exception.message;
    return { status, code, message };
  }

  private renderBodyParserError(error: BodyParserError): RenderedError {
    switch (error.type) {
      case 'entity.parse.failed':
        return {
          status: HttpStatus.BAD_REQUEST,
          code: 'MALFORMED_JSON',
          message: 'The request body is not valid JSON',
        };
      case 'entity.too.large':
        return {
          status: HttpStatus.PAYLOAD_TOO_LARGE,
          code: 'PAYLOAD_TOO_LARGE',
          message: `The request body exceeds the limit of ${error.limit ?? 'the configured'} bytes`,
        };
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return {
          status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'The request body encoding or charset is not supported',
        };
      default: {
        const status = error.status ?? error.statusCode ?? HttpStatus.BAD_REQUEST;
        if (status >= 500) {
          return {
            status: HttpStatus.INTERNAL_SERVER_ERROR,
            code: 'INTERNAL',
            message: 'An unexpected error occurred',
          };
        }
        return {
          status,
          code: STATUS_CODES[status] ?? 'VALIDATION_FAILED',
          message: 'The request body could not be read',
        };
      }
    }
  }
}

function errorMessage(exception: unknown): string {
  return exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception);
}

function isBodyParserError(value: unknown): value is BodyParserError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof ((value as BodyParserError).status ?? (value as BodyParserError).statusCode) === 'number'
  );
}
