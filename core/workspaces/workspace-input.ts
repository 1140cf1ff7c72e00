// Validation for creating and editing a workspace: name, description, kind, services (with data windows), room, personas.
import { z } from 'zod';
import { safeLabel, safeText } from '../text/safe-text-schema.ts';

const service = z.union([
  z.string().regex(/^[a-z][a-z0-9_-]*$/),
  z
    .object({
      service: z.string().regex(/^[a-z][a-z0-9_-]*$/),
      data_window: z
        .record(z.string(), z.json())
        .default({})
        .refine((w) => JSON.stringify(w).length <= 4096, 'data_window is larger than 4 KiB'),
      max_tier: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
    })
    .strict(),
]);

const serviceList = z
  .array(service)
  .min(1, 'choose at least one service for this workspace')
  .max(20, 'at most 20 services')
  .refine((list) => {
    const names = list.map((s) => (typeof s === 'string' ? s : s.service));
    return new Set(names).size === names.length;
  }, 'each service may be bound once');
const name = safeLabel({ min: 1, max: 120, empty: 'a workspace needs a visible name' });
const roomId = z.string().regex(/^![^:\s]+:\S+$/, 'a Matrix room ID like !abc:server');
const personaList = z.array(z.string()).max(5);

export const newWorkspaceSchema = z
  .object({
    name,
    description: safeText({ max: 2000 }).default(''),
    kind: z.enum(['household', 'hosting', 'personal']).default('household'),
    services: serviceList,
    matrix_room_id: roomId.optional(),
    personas: personaList.optional(),
    /** Create it even though a workspace with the same name exists (otherwise 409). */
    allow_duplicate_name: z.boolean().default(false),
  })
  .strict();

/**
 * What an edit may change: only the fields sent. The kind and slug stay: the slug names the vault folder and every
 * sealed row, and a hosting workspace's guest machinery depends on its kind. `matrix_room_id: null` unbinds the room.
 */
export const workspaceChangeSchema = z
  .object({
    name: name.optional(),
    description: safeText({ max: 2000 }).optional(),
    services: serviceList.optional(),
    matrix_room_id: roomId.nullable().optional(),
    personas: personaList.optional(),
    allow_duplicate_name: z.boolean().optional(),
  })
  .strict()
  .refine(
    (c) => Object.keys(c).some((k) => k !== 'allow_duplicate_name'),
    'send at least one of name, description, services, matrix_room_id, personas',
  );

export type WorkspaceChange = z.input<typeof workspaceChangeSchema>;

export type NewWorkspace = z.input<typeof newWorkspaceSchema>;

/** A service binding after defaults. */
export interface BindingInput {
  service: string;
  dataWindow: Record<string, unknown>;
  maxTier: number;
}

/** Normalises the services list into bindings. */
export function bindingsOf(services: z.infer<typeof newWorkspaceSchema>['services']): BindingInput[] {
  return services.map((s) =>
    typeof s === 'string'
      ? { service: s, dataWindow: {}, maxTier: 2 }
      : { service: s.service, dataWindow: s.data_window as Record<string, unknown>, maxTier: s.max_tier },
  );
}
