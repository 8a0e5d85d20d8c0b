import { Controller, Get } from '@nestjs/common';
import { CurrentPrincipal, MerchantApiKey, MerchantAuth } from '../../../src/platform/auth/auth.decorators';
import type { Principal } from '../../../src/platform/auth/principal';

/** Test-only routes behind each merchant decorator; they answer the principal the guard built. */
@Controller('merchant-probe')
export class MerchantProbeController {
  @Get('people')
  @MerchantAuth()
  people(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }

  @Get('integration')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  integration(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }

  @Get('people-or-keys')
  @MerchantAuth({ apiKey: true })
  peopleOrKeys(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }

  @Get('keys')
  @MerchantApiKey()
  keys(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }
}
