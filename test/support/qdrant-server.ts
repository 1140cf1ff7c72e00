// A Qdrant REST double over real HTTP, covering exactly the calls the knowledge plugin's Qdrant adapter makes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request the double received. */
export interface QdrantRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
}

interface Point {
  id: string | number;
  vector: number[];
  payload: Record<string, unknown>;
  version: number;
}

interface Collection {
  size: number;
  distance: string;
  points: Map<string, Point>;
  payloadIndex: Record<string, string>;
}

type Handler = (match: RegExpExecArray, req: QdrantRequest) => [number, unknown];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Answers in Qdrant's envelope (`{result, status: "ok", time}`, errors as `{status: {error}, time}`) for:
 * list, exists, get, create and delete collection; create payload index; upsert, delete-by-filter, query
 * and count points. Cosine collections normalise stored vectors, as Qdrant does, so scores are dot products.
 * Anything else is a 404 and is recorded in `unsupported`, so a test can prove the adapter stays in range.
 */
export class QdrantDouble {
  readonly requests: QdrantRequest[] = [];
  readonly unsupported: QdrantRequest[] = [];
  readonly collections = new Map<string, Collection>();
  url = '';
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  private operation = 0;

  /** Starts listening on 127.0.0.1 on an ephemeral port. */
  static async start(): Promise<QdrantDouble> {
    const d = new QdrantDouble();
    d.server = createServer((req, res) => void d.handle(req, res));
    d.server.on('connection', (sock) => {
      d.sockets.add(sock);
      sock.on('close', () => d.sockets.delete(sock));
    });
    await new Promise<void>((r) => d.server.listen(0, '127.0.0.1', r));
    d.url = `http://127.0.0.1:${(d.server.address() as AddressInfo).port}`;
    return d;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private routes: [string, RegExp, Handler][] = [
    [
      'GET',
      /^\/collections$/,
      () => ok({ collections: [...this.collections.keys()].map((name) => ({ name })) }),
    ],
    ['GET', /^\/collections\/([^/]+)\/exists$/, (m) => ok({ exists: this.collections.has(m[1]) })],
    ['GET', /^\/collections\/([^/]+)$/, (m) => this.withCollection(m[1], (c) => ok(this.info(c)))],
    ['PUT', /^\/collections\/([^/]+)$/, (m, req) => this.create(m[1], req.body)],
    ['DELETE', /^\/collections\/([^/]+)$/, (m) => ok(this.collections.delete(m[1]))],
    [
      'PUT',
      /^\/collections\/([^/]+)\/index$/,
      (m, req) => this.withCollection(m[1], (c) => this.index(c, req.body)),
    ],
    [
      'PUT',
      /^\/collections\/([^/]+)\/points$/,
      (m, req) => this.withCollection(m[1], (c) => this.upsert(c, req.body)),
    ],
    [
      'POST',
      /^\/collections\/([^/]+)\/points$/,
      (m, req) => this.withCollection(m[1], (c) => this.retrieve(c, req.body)),
    ],
    [
      'POST',
      /^\/collections\/([^/]+)\/points\/delete$/,
      (m, req) => this.withCollection(m[1], (c) => this.delete(c, req.body)),
    ],
    [
      'POST',
      /^\/collections\/([^/]+)\/points\/query$/,
      (m, req) => this.withCollection(m[1], (c) => this.query(c, req.body)),
    ],
    [
      'POST',
      /^\/collections\/([^/]+)\/points\/count$/,
      (m) => this.withCollection(m[1], (c) => ok({ count: c.points.size })),
    ],
  ];

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://double');
    const request: QdrantRequest = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      body: undefined,
    };
    let status: number;
    let payload: unknown;
    try {
      request.body = raw ? JSON.parse(raw) : undefined;
      this.requests.push(request);
      const route = this.routes.find(([method, re]) => method === request.method && re.test(url.pathname));
      if (route) {
        const match = route[1].exec(url.pathname)!;
        match[1] = match[1] && decodeURIComponent(match[1]);
        [status, payload] = route[2](match, request);
      } else {
        this.unsupported.push(request);
        [status, payload] = fail(
          404,
          `Not found: ${request.method} ${request.path} is not served by the double`,
        );
      }
    } catch (err) {
      [status, payload] = fail(400, `Format error in JSON body: ${(err as Error).message}`);
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  }

  private withCollection(name: string, fn: (c: Collection) => [number, unknown]): [number, unknown] {
    const c = this.collections.get(name);
    return c ? fn(c) : fail(404, `Not found: Collection \`${name}\` doesn't exist!`);
  }

  private create(name: string, body: any): [number, unknown] {
    if (this.collections.has(name)) return fail(409, `Wrong input: Collection \`${name}\` already exists!`);
    const size = body?.vectors?.size;
    const distance = body?.vectors?.distance;
    if (!Number.isInteger(size) || size < 1 || !['Cosine', 'Dot', 'Euclid', 'Manhattan'].includes(distance)) {
      return fail(400, 'Format error in JSON body: vectors must be {size, distance}');
    }
    this.collections.set(name, { size, distance, points: new Map(), payloadIndex: {} });
    return ok(true);
  }

  private info(c: Collection) {
    return {
      status: 'green',
      optimizer_status: 'ok',
      indexed_vectors_count: 0,
      points_count: c.points.size,
      segments_count: 1,
      config: {
        params: {
          vectors: { size: c.size, distance: c.distance },
          shard_number: 1,
          replication_factor: 1,
          write_consistency_factor: 1,
          on_disk_payload: true,
        },
        hnsw_config: {
          m: 16,
          ef_construct: 100,
          full_scan_threshold: 10000,
          max_indexing_threads: 0,
          on_disk: false,
        },
        optimizer_config: {
          deleted_threshold: 0.2,
          vacuum_min_vector_number: 1000,
          default_segment_number: 0,
          max_segment_size: null,
          memmap_threshold: null,
          indexing_threshold: 10000,
          flush_interval_sec: 5,
          max_optimization_threads: null,
        },
        wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
        quantization_config: null,
      },
      payload_schema: Object.fromEntries(
        Object.entries(c.payloadIndex).map(([field, type]) => [
          field,
          { data_type: type, points: c.points.size },
        ]),
      ),
    };
  }

  private updated(): [number, unknown] {
    return ok({ operation_id: ++this.operation, status: 'completed' });
  }

  private index(c: Collection, body: any): [number, unknown] {
    if (typeof body?.field_name !== 'string')
      return fail(400, 'Format error in JSON body: missing field `field_name`');
    c.payloadIndex[body.field_name] = typeof body.field_schema === 'string' ? body.field_schema : 'keyword';
    return this.updated();
  }

  private upsert(c: Collection, body: any): [number, unknown] {
    if (!Array.isArray(body?.points)) return fail(400, 'Format error in JSON body: missing field `points`');
    for (const p of body.points) {
      const validId =
        (typeof p.id === 'number' && Number.isInteger(p.id) && p.id >= 0) || uuid.test(String(p.id));
      if (!validId) return fail(400, `Format error in JSON body: value ${p.id} is not a valid point ID`);
      if (!Array.isArray(p.vector) || p.vector.length !== c.size) {
        return fail(
          400,
          `Wrong input: Vector dimension error: expected dim: ${c.size}, got ${p.vector?.length ?? 0}`,
        );
      }
    }
    for (const p of body.points) {
      const norm = Math.hypot(...p.vector) || 1;
      const vector = c.distance === 'Cosine' ? p.vector.map((x: number) => x / norm) : p.vector;
      c.points.set(String(p.id), { id: p.id, vector, payload: p.payload ?? {}, version: this.operation + 1 });
    }
    return this.updated();
  }

  private retrieve(c: Collection, body: any): [number, unknown] {
    if (!Array.isArray(body?.ids)) return fail(400, 'Format error in JSON body: missing field `ids`');
    const found = body.ids.map((id: unknown) => c.points.get(String(id))).filter(Boolean) as Point[];
    return ok(
      found.map((p) => ({
        id: p.id,
        ...(body.with_payload ? { payload: p.payload } : {}),
        ...(body.with_vector ? { vector: p.vector } : {}),
      })),
    );
  }

  private delete(c: Collection, body: any): [number, unknown] {
    const must = body?.filter?.must;
    if (!Array.isArray(must))
      return fail(400, 'Format error in JSON body: the double only deletes by filter.must');
    for (const [id, p] of c.points) if (matches(p, must)) c.points.delete(id);
    return this.updated();
  }

  private query(c: Collection, body: any): [number, unknown] {
    const q = body?.query;
    if (!Array.isArray(q))
      return fail(400, 'Format error in JSON body: the double only answers a dense vector query');
    if (q.length !== c.size)
      return fail(400, `Wrong input: Vector dimension error: expected dim: ${c.size}, got ${q.length}`);
    const norm = Math.hypot(...q) || 1;
    const query = c.distance === 'Cosine' ? q.map((x: number) => x / norm) : q;
    const limit = Number.isInteger(body.limit) ? body.limit : 10;
    const scored = [...c.points.values()]
      .map((p) => ({ p, score: p.vector.reduce((s, x, i) => s + x * query[i], 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return ok({
      points: scored.map(({ p, score }) => ({
        id: p.id,
        version: p.version,
        score,
        ...(body.with_payload ? { payload: p.payload } : {}),
      })),
    });
  }
}

function matches(p: Point, must: any[]): boolean {
  return must.every((cond) => cond?.match && p.payload[cond.key] === cond.match.value);
}

function ok(result: unknown): [number, unknown] {
  return [200, { result, status: 'ok', time: 0.0001 }];
}

function fail(status: number, error: string): [number, unknown] {
  return [status, { status: { error }, time: 0.0001 }];
}
