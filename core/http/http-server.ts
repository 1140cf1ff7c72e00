// Listens for HTTP and shuts down gracefully: stop accepting, let in-flight requests finish, then close.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

/** A listening server with a graceful close. */
export interface HttpServer {
  server: Server;
  url: string;
  port: number;
  close(timeoutMs: number): Promise<void>;
}

/** Starts listening on host:port (port 0 picks a free one). */
export function listen(app: Koa, host: string, port: number): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
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
            // keep-alive sockets become idle only after their in-flight response; reap them as they do
            const reaper = setInterval(() => server.closeIdleConnections(), 25);
            timer.unref();
            server.close(() => {
              clearTimeout(timer);
              clearInterval(reaper);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
