import { JournalEntry } from './journal-entry.entity';
import { JournalLine } from './journal-line.entity';
import { LedgerAccount } from './ledger-account.entity';

/** The ledger's tables, registered by LedgerModule (TypeOrmModule.forFeature). */
export const LEDGER_ENTITIES = [LedgerAccount, JournalEntry, JournalLine];
