// What a core area's entities.ts declares, as a plugin declares its entities and migrations: the tables it owns and
// the migrations that made them (a migration lives in migrations/<area>/ and only this declaration imports it).

/** An area's tables and the migrations that create and change them, oldest first. */
export interface AreaTables {
  area: string;
  entities: Function[];
  migrations: Function[];
}

/** Declares an area's tables (typed identity, so the declaration reads like a plugin's). */
export function defineTables(tables: AreaTables): AreaTables {
  return tables;
}

/** A migration's release time: the 13-digit stamp TypeORM reads at the end of its class name. */
export function migrationStamp(migration: Function): number {
  const stamp = /(\d{13})$/.exec(migration.name)?.[1];
  if (!stamp) throw new Error(`migration ${migration.name} has no 13-digit timestamp at the end of its name`);
  return Number(stamp);
}
