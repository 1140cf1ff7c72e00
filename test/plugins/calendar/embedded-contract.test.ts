// Runs the calendar capability contract against the embedded backend (SQLite, or PostgreSQL in the PostgreSQL run).
import { calendarContract } from './backend-contract.ts';
import { makeEmbedded } from './backend-kit.ts';

calendarContract('embedded', makeEmbedded);
