// The error codes the finance plugin raises, added to Quorra's catalogue so that `fail.*` accepts them.

export const financeErrors = {
  FINANCE_ACTUAL_BUDGET_MISSING: { status: 503, says: 'no Actual budget by that name in the data folder' },
  FINANCE_BACKEND_CLOSED: { status: 503, says: 'the Actual budget is closed' },
  FINANCE_AMBIGUOUS_DECIMAL: {
    status: 400,
    says: 'a statement whose amounts do not settle the decimal mark',
  },
  FINANCE_BAD_AMOUNT: { status: 400, says: 'an amount that is not whole minor units' },
  FINANCE_BAD_ENCODING: { status: 400, says: 'a statement encoding name that is not known' },
  FINANCE_BAD_CURRENCY: { status: 400, says: 'a currency the budget does not keep' },
  FINANCE_BAD_DATE: { status: 400, says: 'a date that is not YYYY-MM-DD' },
  FINANCE_BAD_MAPPING: { status: 400, says: 'a statement column mapping that is not valid' },
  FINANCE_BAD_SPLIT: { status: 400, says: 'a split with fewer than two parts' },
  FINANCE_COLUMN_MISSING: { status: 400, says: 'a CSV statement without a column its mapping names' },
  FINANCE_CURRENCY_MISMATCH: { status: 400, says: 'a statement in another currency than its account' },
  FINANCE_MAPPING_NEEDED: { status: 400, says: 'a CSV statement for an account with no saved layout' },
  FINANCE_MAPPING_PROPOSED: {
    status: 400,
    says: "a CSV statement in a known bank's layout, not yet confirmed",
  },
  FINANCE_NOT_ALLOWED: { status: 403, says: 'a budget not shared with the asker' },
  FINANCE_NOT_BOUND: { status: 403, says: 'a workspace with no finance budget' },
  FINANCE_NO_ACCOUNT: { status: 400, says: 'no such account (or none yet)' },
  FINANCE_NO_PAYEE: { status: 400, says: 'a transaction without a payee' },
  FINANCE_SPLIT: { status: 400, says: 'a split transaction categorised as a whole' },
  FINANCE_UNKNOWN_ACCOUNT: { status: 400, says: 'no such account in this budget' },
  FINANCE_UNKNOWN_BUDGET: { status: 400, says: 'no such budget' },
  FINANCE_UNKNOWN_CATEGORY: { status: 400, says: 'no such category in this budget' },
  FINANCE_UNKNOWN_TRANSACTION: { status: 400, says: 'no such transaction' },
} as const;

type FinanceErrors = typeof financeErrors;

declare module 'quorra/plugin' {
  interface ErrorCatalogue extends FinanceErrors {}
}
