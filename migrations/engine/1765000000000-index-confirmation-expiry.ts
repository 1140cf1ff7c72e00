// Indexes confirmations by status and expiry, so the sweep each turn runs seeks the due ones instead of scanning.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addEntityIndices } from '../../core/db/entity-tables.ts';
import { Confirmation } from '../../core/engine/confirmation.entity.ts';

const INDEX = 'idx_confirmations_expiry';

/** Additive: one index; a database created after the entity declared it already has it. */
export class IndexConfirmationExpiry1765000000000 implements MigrationInterface {
  name = 'IndexConfirmationExpiry1765000000000';

  up = (q: QueryRunner) => addEntityIndices(q, Confirmation, [INDEX]);
  down = (q: QueryRunner) => q.dropIndex('confirmations', INDEX);
}
