import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { USER_ROLES, UserRole } from '../../platform/auth/principal';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import * as directories from './sql/directories.queries';

/** An active user holding a role other than CUSTOMER. */
export interface StaffMember {
  id: string;
  role: Exclude<UserRole, 'CUSTOMER'>;
  displayName: string | null;
}

const STAFF_ROLES = USER_ROLES.filter((role): role is StaffMember['role'] => role !== 'CUSTOMER');

const SQL = sqlStatements('identity', directories);

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
    const [row] = await run(executorOn(this.dataSource.manager), SQL.activeStaffByPhone, { phone });
    return row ? toStaffMember(row) : null;
  }

  /** Id -> staff member, for the ids that are active staff or agents. */
  async activeStaffMembers(ids: readonly string[]): Promise<Map<string, StaffMember>> {
    if (ids.length === 0) return new Map();
    const rows = await run(executorOn(this.dataSource.manager), SQL.activeStaffById, { ids: [...new Set(ids)] });
    return new Map(rows.map((row) => [row.id, toStaffMember(row)]));
  }
}

function toStaffMember(row: directories.ActiveStaffByIdResult): StaffMember {
  return { id: row.id, role: oneOf(STAFF_ROLES, row.role, 'users.role'), displayName: row.display_name };
}
