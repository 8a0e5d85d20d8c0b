import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DeviceSession, SESSION_AUTH_METHODS, SessionAuthMethod } from '../device-session.entity';

@ApiSchema({ name: 'SessionResponse' })
export class SessionResponseDto {
  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01', format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, nullable: true, example: 'Ada’s Pixel 8' })
  deviceName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'PayApp/3.2 (Android 14)' })
  userAgent: string | null;

  /** The address the session was opened from. */
  @ApiProperty({ type: String, nullable: true, example: '102.89.4.17' })
  ipAddress: string | null;

  /** `OTP` for a session opened by /auth/verify, `PIN` for one opened by /auth/login. */
  @ApiProperty({ enum: SESSION_AUTH_METHODS, enumName: 'SessionAuthMethod', example: 'PIN' })
  authMethod: SessionAuthMethod;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', format: 'date-time' })
  createdAt: string;

  /** When the session last made a request (updated at most every SESSION_CACHE_TTL_SECONDS) or refreshed. */
  @ApiProperty({ example: '2026-11-22T11:42:10.000Z', format: 'date-time' })
  lastSeenAt: string;

  /** Whether this is the session of the access token that asked. */
  @ApiProperty({ example: true })
  current: boolean;
}

export function toSessionResponse(session: DeviceSession, currentSessionId: string): SessionResponseDto {
  return {
    id: session.id,
    deviceName: session.deviceName,
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    authMethod: session.authMethod,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  };
}
