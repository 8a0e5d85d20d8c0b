import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ReceiptUrlResponse' })
export class ReceiptUrlResponseDto {
  /** The PDF receipt; opens without Authorization until `expiresAt`. */
  @ApiProperty({ example: 'http://localhost:3000/api/v1/receipts/AQGT9cJ9HnxKmy9ebXyLmgFnQq3TAAAAAGlC...' })
  url: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:30:30.000Z' })
  expiresAt: string;
}
