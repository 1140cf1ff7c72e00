// Runs the calendar capability contract against CalDAV on a real Radicale.
import { calendarContract } from './backend-contract.ts';
import { makeCaldav } from './backend-kit.ts';

calendarContract('CalDAV (Radicale)', makeCaldav);
