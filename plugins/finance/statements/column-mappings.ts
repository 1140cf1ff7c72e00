// The saved CSV mapping of each account, so a bank's layout is described once.
import type { DataSource } from 'typeorm';
import { ColumnMappingRow } from './column-mapping.entity.ts';
import { type CsvMapping, csvMappingSchema } from './csv-mapping.ts';

export class ColumnMappings {
  constructor(private readonly db: DataSource) {}

  async get(budget: string, accountId: string): Promise<CsvMapping | null> {
    const row = await this.db.getRepository(ColumnMappingRow).findOneBy({ budget, accountId });
    const parsed = row ? csvMappingSchema.safeParse(row.mapping) : null;
    return parsed?.success ? parsed.data : null;
  }

  async save(budget: string, accountId: string, mapping: CsvMapping): Promise<void> {
    await this.db
      .getRepository(ColumnMappingRow)
      .upsert({ budget, accountId, mapping: mapping as any, updatedAt: new Date() }, ['budget', 'accountId']);
  }
}
