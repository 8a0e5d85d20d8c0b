import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserRole } from '../../platform/auth/principal';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';

/** An active user holding a role other than CUSTOMER. */
export interface StaffMember {
  id: string;
  role: Exclude<UserRole, 'CUSTOMER'>;
  displayName: string | null;
}

const BY_IDS = defineStatement<{ id: string; role: StaffMember['role']; display_name: string | null }, [ids: string[]]>(
  'staff-directory.by-ids',
  `SELECT u.id, u.role, u.display_name FROM users u
    WHERE u.id = ANY ($1::uuid[]) AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE'`,
);

const BY_PHONE = defineStatement<
  { id: string; role: StaffMember['role']; display_name: string | null },
  [phone: string]
>(
  'staff-directory.by-phone',
  `SELECT u.id, u.role, u.display_name FROM users u WHERE u.phone = $1 AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE'`,
);

/**
 * The narrow port through which other contexts check who a staff member or agent is (a dispute
 * is assigned only to SUPPORT or ADMIN users), without reading identity's tables.
 */
@Injectable()
export class StaffDirectory {
  constructor(private readonly dataSource: DataSource) {}

  /** The active staff member or agent with this id, or null (unknown, a customer, deactivated). */
  async activeStaff(id: string): Promise<StaffMember | null> {
    return (await this.activeStaffMembers([id])).get(id) ?? null;
  }

  /** The active staff member or agent with this E.164 phone, or null (for the command-line tasks). */
  async activeStaffByPhone(phone: string): Promise<StaffMember | null> {
    const [row] = await run(executorOn(this.dataSource.manager), BY_PHONE, [phone]);
    return row ? { id: row.id, role: row.role, displayName: row.display_name } : null;
  }

  /** Id -> staff member, for the ids that are active staff or agents. */
  async activeStaffMembers(ids: readonly string[]): Promise<Map<string, StaffMember>> {
    if (ids.length === 0) return new Map();
    const rows = await run(executorOn(this.dataSource.manager), BY_IDS, [[...new Set(ids)]]);
    return new Map(rows.map((row) => [row.id, { id: row.id, role: row.role, displayName: row.display_name }]));
  }
}
