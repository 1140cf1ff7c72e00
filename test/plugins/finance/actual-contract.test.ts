// Runs the finance capability contract against a real local Actual budget created by the test.
import { backendContract } from './backend-contract.ts';
import { makeActual } from './finance-test-kit.ts';

backendContract('Actual Budget', () => makeActual());
