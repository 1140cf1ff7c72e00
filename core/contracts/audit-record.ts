// One line of the audit trail, as every area and plugin writes it (the engine's AuditLog stores them).

/** One audited action. */
export interface AuditRecord {
  userId: string | null;
  sessionId: string | null;
  tool: string;
  tier: number;
  input: unknown;
  outcome: 'ok' | 'error' | 'refused' | 'confirmed' | 'declined' | 'drafted';
  detail?: string;
}
