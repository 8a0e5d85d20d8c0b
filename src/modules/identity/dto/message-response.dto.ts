import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'MessageResponse' })
export class MessageResponseDto {
  @ApiProperty({ example: 'If this number can receive SMS, a verification code is on its way.' })
  message: string;
}
