/** The few parts of `oidc-provider` (no bundled types) the mock NHS login uses. */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type Ctx = { body: unknown; type: string; host: string };
  export type Configuration = {
    clients: Record<string, unknown>[];
    jwks: { keys: unknown[] };
    enabledJWA?: Record<string, string[]>;
    pkce?: { required: () => boolean };
    scopes?: string[];
    claims?: Record<string, string[]>;
    extraParams?: string[];
    conformIdTokenClaims?: boolean;
    cookies?: { keys: string[] };
    findAccount: (ctx: unknown, id: string) => { accountId: string; claims: () => Record<string, unknown> } | undefined;
    interactions?: { url: (ctx: unknown, interaction: { uid: string }) => string };
    features?: Record<string, unknown>;
    ttl?: Record<string, number>;
    renderError?: (ctx: Ctx, out: { error: unknown; error_description?: unknown }, error: unknown) => Promise<void>;
  };
  class Grant {
    constructor(values: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; params: Record<string, unknown> }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
