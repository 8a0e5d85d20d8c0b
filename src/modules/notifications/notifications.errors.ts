import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { ErrorCode } from '../../platform/http/error-catalogue';

/** An error of the notifications context; the global filter renders it like any ApiException. */
export class NotificationError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'NotificationError';
  }

  static notificationNotFound(): NotificationError {
    return new NotificationError('NOT_FOUND', 'Notification not found');
  }
}
