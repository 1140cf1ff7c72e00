// Zod pieces for route response schemas: what a handler returns (decoded) and what goes on the wire (encoded).
import { z } from 'zod';

/** A timestamp: a Date in the handler, an ISO 8601 string in the JSON (and in /openapi.json). */
export const wireTime = z.codec(z.iso.datetime(), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});
