import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

@ApiSchema({ name: 'RefreshRequest' })
export class RefreshRequestDto {
  /** The refresh token of the last /auth/verify, /auth/login or /auth/refresh answer; each is good for one refresh. */
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  @ApiProperty({ example: 'rt_0bV4m2Yq8kW3xZ9fL1sN7pR5tH6jD2cA4eG8iK0oM3u' })
  refreshToken: string;
}
