// Listens for HTTP and shuts down gracefully: stop accepting, let in-flight requests finish, then close.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type Koa from 'koa';

/** How long a client may take to send its request headers, and its whole request. */
export interface ClientTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** A listening server with a graceful close. */
export interface HttpServer {
  server: Server;
  url: string;
  port: number;
  close(timeoutMs: number): Promise<void>;
}

/**
 * Counts in-flight requests per socket, so shutdown can close every socket that has none — including keep-alive
 * sockets a client opened but never used, which Node's closeIdleConnections leaves open — and each busy socket
 * the moment its last response ends.
 */
function trackSockets(server: Server) {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (closing && left === 0) socket.destroySoon();
    });
  });
  return {
    /** Starts draining: idle sockets close now, busy ones as their last response ends. */
    drain() {
      closing = true;
      for (const [socket, n] of inFlight) if (n === 0) socket.destroySoon();
    },
  };
}

/** Starts listening on host:port (port 0 picks a free one). */
export function listen(
  app: Koa,
  host: string,
  port: number,
  limits: ClientTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 15_000 },
): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    // Node checks these timeouts every connectionsCheckingInterval (30 s by default): checked often enough that
    // a trickling client is cut close to its limit
    const server = createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
        connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)),
      },
      app.callback(),
    );
    server.listen(port, host);
    const sockets = trackSockets(server);
    server.once('error', reject);
    server.once('listening', () => {
      const addr = server.address() as AddressInfo;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
      resolve({
        server,
        url,
        port: addr.port,
        close: (timeoutMs) =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
            timer.unref();
            server.close(() => {
              clearTimeout(timer);
              done();
            });
            sockets.drain();
          }),
      });
    });
  });
}
