import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'LedgerUnbalancedEntry' })
export class LedgerUnbalancedEntryDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a20' })
  entryId: string;

  /** The entry's lines' sum, in minor units, as a decimal string. */
  @ApiProperty({ example: '100' })
  sum: string;

  @ApiProperty({ type: 'integer', example: 1 })
  lines: number;
}

@ApiSchema({ name: 'LedgerCurrencyTotal' })
export class LedgerCurrencyTotalDto {
  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ example: '0' })
  sum: string;
}

@ApiSchema({ name: 'LedgerAccountBalance' })
export class LedgerAccountBalanceDto {
  @ApiProperty({ example: 'rail:CARD:clearing:NGN' })
  code: string;

  @ApiProperty({ example: 'ASSET' })
  type: string;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** Debits minus credits, in minor units, as a decimal string. */
  @ApiProperty({ example: '252600' })
  balance: string;
}

@ApiSchema({ name: 'LedgerCheckResponse' })
export class LedgerCheckResponseDto {
  /** True when every entry sums to zero, currencies agree and the trial balance is zero. */
  @ApiProperty({ example: true })
  balanced: boolean;

  @ApiProperty({ type: 'integer', example: 1250 })
  entriesChecked: number;

  @ApiProperty({ type: 'integer', example: 3600 })
  linesChecked: number;

  @ApiProperty({ type: [LedgerUnbalancedEntryDto] })
  unbalancedEntries: LedgerUnbalancedEntryDto[];

  @ApiProperty({
    type: 'array',
    items: { type: 'object', properties: { lineId: { type: 'string' }, entryId: { type: 'string' } } },
  })
  currencyMismatches: { lineId: string; entryId: string }[];

  @ApiProperty({ type: [LedgerCurrencyTotalDto] })
  trialBalance: LedgerCurrencyTotalDto[];

  /** Every account's balance recomputed from its lines. */
  @ApiProperty({ type: [LedgerAccountBalanceDto] })
  accounts: LedgerAccountBalanceDto[];
}
