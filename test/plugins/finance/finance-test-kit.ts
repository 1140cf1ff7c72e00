// Shared helpers for the finance tests: a migrated ledger database, a real local Actual budget, fixed sample data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../core/db/open-database.ts';
import { ActualBackend } from '../../../plugins/finance/actual/actual-backend.ts';
import { ActualSession } from '../../../plugins/finance/actual/actual-session.ts';
import type { FinanceBackend } from '../../../plugins/finance/finance-backend.ts';
import { LedgerBackend } from '../../../plugins/finance/ledger/ledger-backend.ts';
import {
  CreateFinance1764600000000,
  financeTables,
} from '../../../plugins/finance/migrations/1764600000000-create-finance.ts';
import { AddPayeeReview1765400000000 } from '../../../plugins/finance/migrations/1765400000000-add-payee-review.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

/** A temp directory and a function that removes it. */
export function makeTempDir(prefix = 'quorra-finance-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Opens a fresh SQLite file with only the finance tables migrated. */
export async function openFinanceDb(dir: string): Promise<DataSource> {
  const { db } = await openDatabase({
    path: path.join(dir, 'quorra.db'),
    url: await testDatabaseUrl(),
    busyTimeoutMs: 5000,
    entities: financeTables,
    migrations: [CreateFinance1764600000000, AddPayeeReview1765400000000],
  });
  return db;
}

/** A backend under test and how to throw it away. */
export interface BackendUnderTest {
  backend: FinanceBackend;
  dispose(): Promise<void>;
}

/** The embedded ledger on a fresh database. */
export async function makeLedger(currency = 'EUR'): Promise<BackendUnderTest> {
  const tmp = makeTempDir();
  const db = await openFinanceDb(tmp.dir);
  return {
    backend: new LedgerBackend(db, 'household', currency),
    async dispose() {
      await db.destroy();
      tmp.remove();
    },
  };
}

/** A real Actual budget created in a fresh local budget directory (no sync server). */
export async function makeActual(currency = 'EUR'): Promise<BackendUnderTest> {
  const tmp = makeTempDir('quorra-actual-');
  const session = new ActualSession(tmp.dir);
  const id = await session.create('Household Test');
  const backend = new ActualBackend(session, id, currency);
  return {
    backend,
    async dispose() {
      await backend.close();
      // Actual finishes some metadata writes after shutdown; remove its folder when the run ends
      process.once('exit', () => tmp.remove());
    },
  };
}

/** Accounts and categories most tests start from. */
export async function seedBasics(b: FinanceBackend) {
  const checking = await b.createAccount({ name: 'Checking' });
  const groceries = await b.createCategory({ name: 'Groceries', group: 'Everyday' });
  const eatingOut = await b.createCategory({ name: 'Eating out', group: 'Everyday' });
  const rent = await b.createCategory({ name: 'Rent', group: 'Bills' });
  return { checking, groceries, eatingOut, rent };
}
