import { Global, Module } from '@nestjs/common';
import { PortAudit } from './port.audit';

/**
 * The boot audit of ports, in every application (PlatformModule imports it). Global so its
 * init hook runs before the contexts' (Nest runs global modules' hooks first).
 */
@Global()
@Module({ providers: [PortAudit] })
export class PortsModule {}
