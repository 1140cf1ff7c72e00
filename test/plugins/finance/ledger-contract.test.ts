// Runs the finance capability contract against the embedded ledger.
import { backendContract } from './backend-contract.ts';
import { makeLedger } from './finance-test-kit.ts';

backendContract('embedded ledger', () => makeLedger());
