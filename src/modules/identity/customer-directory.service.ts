import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import { FieldCipher } from '../../platform/crypto/field-cipher';
import { NATIONAL_ID_NUMBER_PURPOSE } from './kyc-submission.entity';
import * as directories from './sql/directories.queries';

/**
 * A verified customer as another context may compare it with what a third party claims about
 * them (the bills context checks a biller's hints). Never shown to anyone but the customer.
 */
export interface VerifiedCustomer {
  id: string;
  /** E.164, verified by OTP at registration. */
  phone: string;
  /** The legal name of the latest KYC submission, else the display name; null when neither is known. */
  name: string | null;
  /** The national id number of the latest KYC submission; null before KYC. */
  nationalId: string | null;
}

/**
 * Verified customers (sql/directories.sql): users with the CUSTOMER role, ACTIVE, whose phone
 * was verified by OTP (an account exists only once its OTP was verified, `phone_verified_at`
 * says when). Staff and agents are not customers here, and a deactivated account matches nothing.
 */
const SQL = sqlStatements('identity', directories);

/**
 * The narrow port through which other contexts find verified customers by phone or id, in
 * bulk (a biller's batch of bills resolves its customers in a few statements, not one per
 * bill), without reading identity's tables.
 */
@Injectable()
export class CustomerDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: FieldCipher,
  ) {}

  /** The verified customer with this E.164 phone, or null. */
  async findVerifiedByPhone(phone: string): Promise<string | null> {
    return (await this.findVerifiedByPhones([phone])).get(phone) ?? null;
  }

  /** Phone -> customer id, for the phones that belong to a verified customer. */
  async findVerifiedByPhones(phones: readonly string[]): Promise<Map<string, string>> {
    if (phones.length === 0) return new Map();
    const rows = await run(executorOn(this.dataSource.manager), SQL.verifiedCustomersByPhone, {
      phones: [...new Set(phones)],
    });
    return new Map(rows.map((row) => [row.phone, row.id]));
  }

  /** The customer if verified, else null (unknown, staff, deactivated). */
  async verifiedCustomer(id: string): Promise<VerifiedCustomer | null> {
    return (await this.verifiedCustomers([id])).get(id) ?? null;
  }

  /** Id -> customer, for the ids that are verified customers. */
  async verifiedCustomers(ids: readonly string[]): Promise<Map<string, VerifiedCustomer>> {
    if (ids.length === 0) return new Map();
    const rows = await run(executorOn(this.dataSource.manager), SQL.verifiedCustomersById, { ids: [...new Set(ids)] });
    return new Map(
      rows.map((row) => {
        const nationalId =
          row.kyc_submission_id === null || row.national_id_number_encrypted === null
            ? null
            : this.cipher.decrypt(NATIONAL_ID_NUMBER_PURPOSE, row.kyc_submission_id, row.national_id_number_encrypted);
        return [row.id, { id: row.id, phone: row.phone, name: row.name, nationalId }];
      }),
    );
  }
}
