// Transactions recently shown to people, so a deletion's confirmation can name amount, payee and date from stored data.
import type { Transaction } from './finance-backend.ts';

const CAP = 2000;

export class SeenTransactions {
  private readonly seen = new Map<string, Pick<Transaction, 'amount' | 'currency' | 'payee' | 'date'>>();

  remember(list: Transaction[]): void {
    for (const t of list) {
      this.seen.delete(t.id);
      this.seen.set(t.id, { amount: t.amount, currency: t.currency, payee: t.payee, date: t.date });
      if (this.seen.size > CAP) this.seen.delete(this.seen.keys().next().value as string);
    }
  }

  get(id: string) {
    return this.seen.get(id);
  }

  forget(id: string): void {
    this.seen.delete(id);
  }
}
