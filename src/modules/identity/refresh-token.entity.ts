import { Entity } from 'typeorm';
import { RefreshTokenColumns } from '../../platform/auth/refresh-token-columns';

/**
 * A refresh token of a device session, kept only as its HMAC. Each refresh marks the presented
 * token `rotatedAt` and issues a new one; a rotated token presented again revokes the session.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken extends RefreshTokenColumns {}
