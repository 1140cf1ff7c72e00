// Family members' Matrix accounts as the People page sees them: created on the homeserver when Quorra holds its
// registration shared secret (the bundled Synapse), otherwise not Quorra's to make (the owner gives an existing ID).
import type { QuorraConfig } from '../config/schema.ts';
import { registerWithSharedSecret } from './shared-secret-registration.ts';

const DEFAULT_ELEMENT_URL = 'https://app.element.io';

/** A new account and how its person signs in to Element (the password is shown once, never stored). */
export interface CreatedMatrixAccount {
  userId: string;
  password: string;
  homeserverUrl: string;
  /** Element's sign-in page, opened on the person's phone from the QR code or the link. */
  signInUrl: string;
}

/** What the people routes need (the interface they declare, met structurally). */
export interface MatrixAccounts {
  /** Whether adding a person can create their account (a homeserver and its shared secret are configured). */
  canCreate(): boolean;
  /** The server name new accounts get (the part after ":"), known from the bot's own ID. */
  serverName(): string | null;
  create(localpart: string, displayName: string): Promise<CreatedMatrixAccount>;
}

/**
 * Element's sign-in page. No homeserver in the URL: Element Web no longer honours `hs_url`, and the household's
 * Element (docker/element) already has its homeserver as the default; the page shows the address to type otherwise.
 */
export function elementSignInUrl(elementUrl: string): string {
  const u = new URL(elementUrl);
  u.hash = '#/login';
  return u.toString();
}

/** Reads config.matrix on each call: settings adopted after boot count at once; botId is the signed-in bot's ID. */
export function matrixAccounts(config: QuorraConfig, botId: () => string | undefined): MatrixAccounts {
  const m = () => config.matrix;
  return {
    canCreate: () => Boolean(m().homeserverUrl && m().registrationSharedSecret),
    serverName: () => (botId() || m().userId)?.split(':').slice(1).join(':') || null,
    async create(localpart, displayName) {
      const { homeserverUrl, registrationSharedSecret } = m();
      if (!homeserverUrl || !registrationSharedSecret)
        throw new Error('matrix account creation is not configured');
      const made = await registerWithSharedSecret({
        homeserverUrl,
        sharedSecret: registrationSharedSecret,
        username: localpart,
        displayName,
      });
      // the address phones use: the homeserver as people reach it (Quorra's own URL may be a compose-network name)
      const publicHs = m().publicUrl ?? homeserverUrl;
      return {
        ...made,
        homeserverUrl: publicHs,
        signInUrl: elementSignInUrl(m().elementUrl ?? DEFAULT_ELEMENT_URL),
      };
    },
  };
}
