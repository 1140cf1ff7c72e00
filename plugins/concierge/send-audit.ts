// Audits owner sends and discards through the core audit trail; a failing write is logged, never thrown.
import type { CoreServices } from '../../core/core-services.ts';
import type { AuditRecord } from '../../core/engine/audit-log.ts';
import type { Logger } from '../../core/logger.ts';

/** Records one concierge action in `audit_log` and `<dataDir>/audit.jsonl`; never throws. */
export async function auditAction(core: CoreServices, logger: Logger, record: AuditRecord): Promise<void> {
  try {
    await core.audit.record(record);
  } catch (err) {
    logger.error({ err, audit: record }, 'could not audit a concierge action');
  }
}
