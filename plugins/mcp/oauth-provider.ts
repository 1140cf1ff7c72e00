// The SDK's OAuthClientProvider for one MCP server, backed by its sealed grant row: registration, tokens, PKCE.
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { DataSource } from 'typeorm';
import { OAuthGrant } from './oauth-grant.entity.ts';
import type { SecretBox } from './secret-box.ts';

/** What the sealed column holds. */
interface Secrets {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  verifier?: string;
}

export class GrantProvider implements OAuthClientProvider {
  /** The authorize page the SDK wanted the owner sent to (set by redirectToAuthorization). */
  authorizeUrl?: URL;

  private constructor(
    private readonly db: DataSource,
    private readonly box: SecretBox,
    private readonly row: OAuthGrant,
    private secrets: Secrets,
  ) {}

  /** The provider for `serverId` at `serverUrl`; a grant made for another address is started over. */
  static async open(db: DataSource, box: SecretBox, serverId: string, serverUrl: string) {
    const repo = db.getRepository(OAuthGrant);
    let row = await repo.findOneBy({ serverId });
    if (!row || row.serverUrl !== serverUrl)
      row = repo.create({
        serverId,
        serverUrl,
        redirectUrl: null,
        sealed: null,
        discovery: null,
        pendingState: null,
        updatedAt: new Date(),
      });
    const plain = row.sealed ? box.open(row.sealed) : null;
    return new GrantProvider(db, box, row, plain ? (JSON.parse(plain) as Secrets) : {});
  }

  /** The provider whose sign-in is under way with this `state`, or null (unknown, used already). */
  static async byState(db: DataSource, box: SecretBox, state: string) {
    const row = await db.getRepository(OAuthGrant).findOneBy({ pendingState: state });
    return row ? GrantProvider.open(db, box, row.serverId, row.serverUrl) : null;
  }

  get serverId(): string {
    return this.row.serverId;
  }

  /** True once tokens were obtained (the connection then sends them). */
  get signedIn(): boolean {
    return !!this.secrets.tokens?.access_token;
  }

  /** Sets where the server sends the owner back; another address than registered registers again. */
  async useRedirect(url: string): Promise<void> {
    if (this.row.redirectUrl === url) return;
    this.row.redirectUrl = url;
    this.secrets.client = undefined;
    await this.save();
  }

  /** Ends the sign-in under way (the callback's state works once). */
  async settle(): Promise<void> {
    this.row.pendingState = null;
    await this.save();
  }

  private async save(): Promise<void> {
    this.row.sealed = this.box.seal(JSON.stringify(this.secrets));
    this.row.updatedAt = new Date();
    await this.db.getRepository(OAuthGrant).save(this.row);
  }

  get redirectUrl(): string | undefined {
    return this.row.redirectUrl ?? undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Quorra',
      redirect_uris: this.row.redirectUrl ? [this.row.redirectUrl] : [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
  }

  async state(): Promise<string> {
    this.row.pendingState = randomBytes(24).toString('hex');
    await this.save();
    return this.row.pendingState;
  }

  clientInformation() {
    return this.secrets.client;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    this.secrets.client = info;
    await this.save();
  }

  tokens() {
    return this.secrets.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.secrets.tokens = tokens;
    await this.save();
  }

  redirectToAuthorization(url: URL): void {
    this.authorizeUrl = url;
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    this.secrets.verifier = verifier;
    await this.save();
  }

  codeVerifier(): string {
    if (!this.secrets.verifier) throw new Error('no sign-in is under way');
    return this.secrets.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.secrets.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.secrets.tokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.secrets.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.row.discovery = null;
    await this.save();
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.row.discovery = JSON.stringify(state);
    await this.save();
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.row.discovery ? (JSON.parse(this.row.discovery) as OAuthDiscoveryState) : undefined;
  }
}
