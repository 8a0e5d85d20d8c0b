import { MigrationInterface, QueryRunner } from 'typeorm';

/** When a merchant invitation was last resent (a new token and a new expiry). */
export class MerchantInvitationResends1795873000000 implements MigrationInterface {
  name = 'MerchantInvitationResends1795873000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE merchant_invitations ADD COLUMN resent_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE merchant_invitations DROP COLUMN resent_at`);
  }
}
