import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { VerifiedUser } from '../registration.service';
import { ProfileResponseDto, toProfileResponse } from './profile-response.dto';
import { toTokenResponse, TokenResponseDto } from './token-response.dto';

/** Tokens of a new device session plus the user's profile. */
@ApiSchema({ name: 'AuthResponse' })
export class AuthResponseDto extends TokenResponseDto {
  @ApiProperty({ type: ProfileResponseDto })
  user: ProfileResponseDto;
}

export function toAuthResponse(verified: VerifiedUser): AuthResponseDto {
  return { ...toTokenResponse(verified), user: toProfileResponse(verified.user) };
}
