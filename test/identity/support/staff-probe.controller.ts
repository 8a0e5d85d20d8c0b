import { Controller, Get } from '@nestjs/common';
import { CurrentPrincipal, CustomerAuth, StaffAuth } from '../../../src/platform/auth/auth.decorators';
import type { Principal } from '../../../src/platform/auth/principal';

/** Test-only routes behind each user decorator; they answer the principal the guard built. */
@Controller('staff-probe')
export class StaffProbeController {
  @Get('anyone')
  @CustomerAuth()
  anyone(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }

  @Get('compliance')
  @StaffAuth('COMPLIANCE', 'ADMIN')
  compliance(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }

  @Get('admin')
  @StaffAuth('ADMIN')
  admin(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }
}
