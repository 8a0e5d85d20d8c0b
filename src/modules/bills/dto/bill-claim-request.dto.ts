import { ApiSchema } from '@nestjs/swagger';
import { AccountReferenceField, BillerIdOrSlugField } from '../../billers';

/**
 * Claims the bills of one of your biller accounts that the biller could not match to you: they
 * join your inbox, and the account is saved for you.
 */
@ApiSchema({ name: 'BillClaimRequest' })
export class BillClaimRequestDto {
  @BillerIdOrSlugField()
  biller: string;

  @AccountReferenceField()
  accountReference: string;
}
