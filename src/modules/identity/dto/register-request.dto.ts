import { ApiSchema } from '@nestjs/swagger';
import { IsPhoneNumberE164 } from '../phone-number';

@ApiSchema({ name: 'RegisterRequest' })
export class RegisterRequestDto {
  /** The phone number to register or to sign in again with; an OTP is sent to it by SMS. */
  @IsPhoneNumberE164()
  phone: string;
}
