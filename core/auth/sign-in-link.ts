// Where sign-in links point: the configured public URL, else the address Quorra listens on.
import type { QuorraConfig } from '../config/schema.ts';

/** The base URL people open the admin UI at; never taken from a request's Host header. */
export function publicUrlOf(config: QuorraConfig, listening?: string): string {
  return (
    config.server.publicUrl ??
    listening ??
    `http://${config.server.host}:${config.server.port}`
  ).replace(/\/+$/, '');
}

/** The sign-in link for a link token: the token rides in the URL fragment, which browsers never send to a server. */
export function signInLink(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/#/link/${token}`;
}
