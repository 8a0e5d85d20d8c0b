import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ProfileResponseDto, toProfileResponse } from './dto/profile-response.dto';
import { ProfileUpdateRequestDto } from './dto/profile-update-request.dto';
import { ProfileService } from './profile.service';

@ApiTags('Profile')
@Controller('profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  /** The signed-in user's profile. */
  @Get()
  @CustomerAuth()
  @ApiOkResponse({ type: ProfileResponseDto })
  async get(@CurrentPrincipal() principal: UserPrincipal): Promise<ProfileResponseDto> {
    return toProfileResponse(await this.profiles.get(principal));
  }

  /** Update display name, e-mail or language; a changed e-mail is marked unverified. */
  @Patch()
  @CustomerAuth()
  @ApiOkResponse({ type: ProfileResponseDto })
  async update(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: ProfileUpdateRequestDto,
  ): Promise<ProfileResponseDto> {
    return toProfileResponse(await this.profiles.update(principal, body));
  }
}
