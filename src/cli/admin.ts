import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createInterface } from 'node:readline';
import { AgentFloatService } from '../modules/agents/agent-float.service';
import { AgentsModule } from '../modules/agents/agents.module';
import { ComplianceModule } from '../modules/compliance';
import { IdentityModule } from '../modules/identity/identity.module';
import { MerchantAnalyticsModule } from '../modules/merchants/analytics/merchant-analytics.module';
import { MerchantAnalyticsRollups } from '../modules/merchants/analytics/merchant-analytics-rollups';
import { StaffDirectory } from '../modules/identity/staff-directory.service';
import { StaffAccountService } from '../modules/identity/staff-account.service';
import { AppConfigModule } from '../configuration';
import { PlatformModule } from '../platform/platform.module';
import { ADMIN_USAGE, AdminUsageError, parseAdminCommand } from './admin-command';

/**
 * The identity and agents contexts without HTTP: what the task needs to create and promote users
 * and top up floats. Agents pay through the payment core, whose screening port compliance binds.
 * Merchant analytics' rollups alone, for their rebuild.
 */
@Module({
  imports: [AppConfigModule, PlatformModule, IdentityModule, AgentsModule, ComplianceModule, MerchantAnalyticsModule],
})
class AdminTaskModule {}

/**
 * `npm run admin:create` / `npm run admin:promote`: the only way to grant a staff role. Runs
 * the identity service itself, so PIN rules, hashing, outbox events and session-cache
 * invalidation are the same as in the API.
 */
async function main(): Promise<void> {
  const command = parseAdminCommand(process.argv.slice(2));
  const pin = command.name === 'create' ? (command.pin ?? (await readPinFromStdin())) : undefined;
  const app = await NestFactory.createApplicationContext(AdminTaskModule, { logger: ['error', 'warn'] });
  try {
    if (command.name === 'analytics-rebuild') {
      const rebuilt = await app.get(MerchantAnalyticsRollups).rebuild(command.merchantId);
      for (const merchant of rebuilt) {
        process.stdout.write(
          `analytics rebuilt for merchant ${merchant.merchantId}: ${merchant.hours} hours written (${merchant.staleHours} removed), ` +
            `${merchant.payerDays} payer days written (${merchant.stalePayerDays} removed), ` +
            `${merchant.payers} payers written (${merchant.stalePayers} removed), ` +
            `${merchant.eventsMarked} events marked counted\n`,
        );
      }
      if (rebuilt.length === 0) process.stdout.write('analytics rebuilt: no merchant\n');
      return;
    }
    const accounts = app.get(StaffAccountService);
    if (command.name === 'create') {
      const admin = await accounts.createAdmin(command.phone, pin ?? '');
      process.stdout.write(`admin created: ${admin.phone} (user ${admin.id}, role ADMIN)\n`);
    } else if (command.name === 'top-up') {
      const floats = app.get(AgentFloatService);
      const agent = await app.get(StaffDirectory).activeStaffByPhone(command.phone);
      if (!agent || agent.role !== 'AGENT') throw new Error(`${command.phone} is not an active agent`);
      const { topUp, created } = await floats.topUp(null, agent.id, {
        amount: command.amount,
        currency: command.currency ?? floats.currency,
        reference: command.reference,
      });
      const balance = (await floats.position(agent.id)).floatBalance;
      process.stdout.write(
        `${created ? 'float topped up' : 'already credited'}: ${topUp.amount} ${topUp.currency} to ${command.phone} ` +
          `(top-up ${topUp.id}, reference ${topUp.reference}); float now ${balance}\n`,
      );
    } else {
      const { user, previousRole } = await accounts.assignRole(command.phone, command.role);
      process.stdout.write(`${user.phone} (user ${user.id}): role ${previousRole} -> ${user.role}\n`);
    }
  } finally {
    await app.close();
  }
}

async function readPinFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('PIN (six digits): ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    if (!/^\d{6}$/.test(line.trim())) throw new AdminUsageError('the PIN must be exactly six digits');
    return line.trim();
  }
  throw new AdminUsageError('no PIN given: pass --pin or write it to standard input');
}

main().catch((error: unknown) => {
  if (error instanceof AdminUsageError) {
    process.stderr.write(`admin: ${error.message}\n\n${ADMIN_USAGE}\n`);
    process.exit(2);
  }
  // StaffAccountError (a number already registered, a weak PIN...) and anything else: the message says it.
  process.stderr.write(`admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
