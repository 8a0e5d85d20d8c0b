import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth, Public } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../platform/http/client-info.decorator';
import { RATE_LIMIT_HEADERS, RateLimit } from '../../platform/http/rate-limit.decorator';
import { DeviceSessionService } from './device-session.service';
import { AuthResponseDto, toAuthResponse } from './dto/auth-response.dto';
import { LoginRequestDto } from './dto/login-request.dto';
import { MessageResponseDto } from './dto/message-response.dto';
import { PinRequestDto } from './dto/pin-request.dto';
import { RefreshRequestDto } from './dto/refresh-request.dto';
import { RegisterRequestDto } from './dto/register-request.dto';
import { toTokenResponse, TokenResponseDto } from './dto/token-response.dto';
import { VerifyRequestDto } from './dto/verify-request.dto';
import { IdentityRateLimits } from './identity-rate-limits';
import { LoginService } from './login.service';
import { RegistrationService } from './registration.service';

const REGISTER_MESSAGE = 'If this number can receive SMS, a verification code is on its way.';

@ApiTags('Auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly logins: LoginService,
    private readonly sessions: DeviceSessionService,
  ) {}

  /**
   * Register a phone number, or sign in again on a new device: sends a six-digit OTP by SMS,
   * valid 5 minutes. The answer is the same whether or not the number has an account.
   */
  @Post('register')
  @Public()
  @HttpCode(200)
  @RateLimit(IdentityRateLimits.registerPerPhone, IdentityRateLimits.registerPerAddress)
  @ApiOkResponse({ type: MessageResponseDto, headers: RATE_LIMIT_HEADERS })
  @ApiErrors('SERVICE_UNAVAILABLE')
  async register(@Body() body: RegisterRequestDto): Promise<MessageResponseDto> {
    await this.registration.register(body.phone);
    return { message: REGISTER_MESSAGE };
  }

  /**
   * Verify the OTP: creates the account the first time, opens a device session and answers its
   * tokens. Five wrong codes use the OTP up. The access token of this session may set the PIN.
   */
  @Post('verify')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RateLimit(IdentityRateLimits.verifyPerPhone)
  @ApiOkResponse({ type: AuthResponseDto, headers: RATE_LIMIT_HEADERS })
  @ApiErrors('OTP_INVALID', 'OTP_EXPIRED', 'ACCOUNT_DEACTIVATED')
  async verify(@Body() body: VerifyRequestDto, @CurrentClient() client: ClientInfo): Promise<AuthResponseDto> {
    const verified = await this.registration.verify(body.phone, body.otp, {
      ...client,
      deviceName: body.deviceName ?? null,
    });
    return toAuthResponse(verified);
  }

  /**
   * Set the six-digit PIN (or reset it), with the access token from /auth/verify within 15
   * minutes of verifying. A reset signs out every other device.
   */
  @Post('pin')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The PIN is set.' })
  @ApiErrors('OTP_VERIFICATION_REQUIRED', 'WEAK_PIN')
  async setPin(@CurrentPrincipal() principal: UserPrincipal, @Body() body: PinRequestDto): Promise<void> {
    await this.registration.setPin(principal, body.pin);
  }

  /**
   * Log in with phone number and PIN: opens a device session. An unknown number and a wrong
   * PIN answer alike; five wrong PINs in a row lock the account for 15 minutes.
   */
  @Post('login')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RateLimit(IdentityRateLimits.loginPerPhone)
  @ApiOkResponse({ type: AuthResponseDto, headers: RATE_LIMIT_HEADERS })
  @ApiErrors('INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'ACCOUNT_DEACTIVATED')
  @ApiResponse({
    status: 423,
    headers: {
      'Retry-After': { description: 'Seconds until the lock ends.', schema: { type: 'integer', example: 900 } },
    },
  })
  async login(@Body() body: LoginRequestDto, @CurrentClient() client: ClientInfo): Promise<AuthResponseDto> {
    const verified = await this.logins.login(body.phone, body.pin, { ...client, deviceName: body.deviceName ?? null });
    return toAuthResponse(verified);
  }

  /**
   * Exchange a refresh token for a new access and refresh token. Each refresh token works
   * once; presenting a used one again revokes its session.
   */
  @Post('refresh')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors('UNAUTHENTICATED')
  async refresh(@Body() body: RefreshRequestDto): Promise<TokenResponseDto> {
    return toTokenResponse(await this.sessions.refresh(body.refreshToken));
  }

  /** Log out: revokes the current device session; its tokens stop working at once. */
  @Post('logout')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The session is revoked.' })
  async logout(@CurrentPrincipal() principal: UserPrincipal): Promise<void> {
    await this.sessions.revoke(principal, principal.sessionId, 'LOGOUT');
  }
}
