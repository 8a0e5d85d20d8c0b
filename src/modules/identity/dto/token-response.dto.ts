import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { IssuedTokens } from '../device-session.service';

@ApiSchema({ name: 'TokenResponse' })
export class TokenResponseDto {
  /** JWT for `Authorization: Bearer`, bound to the device session. */
  @ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJ1c2VyX2FjY2VzcyJ9.c2lnbmF0dXJl' })
  accessToken: string;

  @ApiProperty({ example: '2026-11-22T10:15:00.000Z', format: 'date-time' })
  accessTokenExpiresAt: string;

  /** Seconds the access token lives. */
  @ApiProperty({ type: 'integer', example: 900 })
  expiresIn: number;

  /** Opaque; exchange it once at /auth/refresh for a new pair. Presenting it a second time ends the session. */
  @ApiProperty({ example: 'rt_0bV4m2Yq8kW3xZ9fL1sN7pR5tH6jD2cA4eG8iK0oM3u' })
  refreshToken: string;

  @ApiProperty({ example: '2026-12-22T10:00:00.000Z', format: 'date-time' })
  refreshTokenExpiresAt: string;

  /** The device session the tokens belong to (see GET /auth/sessions). */
  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01', format: 'uuid' })
  sessionId: string;
}

export function toTokenResponse(tokens: IssuedTokens): TokenResponseDto {
  return {
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
    expiresIn: tokens.expiresIn,
    refreshToken: tokens.refreshToken,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt.toISOString(),
    sessionId: tokens.sessionId,
  };
}
