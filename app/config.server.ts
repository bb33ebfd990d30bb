import { isIP } from "node:net";
import * as z from "zod";
import { templateNames, type TemplateName } from "~/domain/notify/templates";
import { readNhsLoginConfig, type NhsLoginConfig } from "~/nhs-login-config.server";

/**
 * The environment, read once at start and validated, so a misconfigured deployment fails
 * at boot with a clear message instead of at the first request that needs a value.
 */
/** An empty variable (PORT=) means "not set", not zero. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "DATABASE_URL must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // App processes sharing the port (node:cluster). More than one needs PostgreSQL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  DATA_DIR: z.string().default("./data"),
  // Uploaded files (attachments) on local disk: the default FileStore.
  FILES_DIR: z.string().default("./uploads"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  PRODUCT_NAME: z.string().min(1).default("Frontdoor"),
  SUPPORT_PHONE: z.string().min(1).default("0330 343 5000"),
  // Demo data is created on an empty database unless this is production; production can opt in.
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRACKING_SCRIPT_URL: z.string().url().optional(),
  // The address patients reach the site at, for links sent without a request to answer (the
  // friends and family test after an appointment). Unset: those messages are not sent.
  PUBLIC_URL: z.preprocess(blankToUndefined, z.string().url().optional()),
  // Puts up the maintenance banner at start (ops, before planned work; also the e2e tests).
  MAINTENANCE_BANNER_TEXT: z.string().optional(),
  MAINTENANCE_BANNER_TYPE: z.enum(["information", "warning"]).default("information"),
  // GOV.UK Notify: both or neither. Without them messages go to the outbox table.
  NOTIFY_API_KEY: z.string().optional(),
  NOTIFY_TEMPLATE_IDS: z.string().optional(),
  // The bearer token GOV.UK Notify presents on its delivery-receipt callback (set the same in Notify's
  // API integration settings). Unset: /notify/delivery-receipts refuses every call (decision 0129).
  NOTIFY_CALLBACK_TOKEN: z.preprocess(blankToUndefined, z.string().min(32, "NOTIFY_CALLBACK_TOKEN must be at least 32 characters").optional()),
  // Which proxies may say who the client is (X-Forwarded-For/-Proto): none unless named.
  // The end-to-end tests run the production build as users get it, but over plain http on
  // 127.0.0.1 and reading e-mails from the outbox page: this switches on exactly that, and
  // nothing else. Refused unless the server listens on a loopback address.
  LOCAL_TEST_SERVER: z.enum(["true", "false"]).optional(),
  // With LOCAL_TEST_SERVER only: the key the end-to-end fixtures present to /dev/sign-in to get a
  // session without typing a password (one per test run; see tests/support/e2e-fixtures.ts).
  TEST_SIGN_IN_KEY: z.string().min(32, "TEST_SIGN_IN_KEY must be at least 32 characters").optional(),
  // Video calls' STUN/TURN servers, as RTCPeerConnection's iceServers (JSON array). Empty: host
  // candidates only, which is enough on one network or machine.
  VIDEO_ICE_SERVERS: z.string().optional(),
  // NHS login (OpenID Connect): all three, or none (then, outside production, the local mock provider).
  NHS_LOGIN_ISSUER: z.preprocess(blankToUndefined, z.string().url("NHS_LOGIN_ISSUER must be a URL").optional()),
  NHS_LOGIN_CLIENT_ID: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  NHS_LOGIN_PRIVATE_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  NHS_LOGIN_SETTINGS_URL: z.preprocess(blankToUndefined, z.string().url("NHS_LOGIN_SETTINGS_URL must be a URL").optional()),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(isTrustProxySetting, "TRUST_PROXY must be a number of proxy hops (1-10), or proxy addresses/subnets separated by commas (e.g. 10.0.0.1, 10.0.0.0/8, loopback)")
      .optional(),
  ),
});

const NAMED_PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY as Express takes it: a hop count, or addresses and subnets of the proxies. */
export function isTrustProxySetting(value: string): boolean {
  if (/^(10|[1-9])$/.test(value.trim())) return true;
  const parts = value.split(",").map((p) => p.trim());
  return parts.length > 0 && parts.every((part) => {
    if (NAMED_PROXY_RANGES.has(part)) return true;
    const [address, bits, extra] = part.split("/");
    if (extra !== undefined) return false;
    const family = isIP(address ?? "");
    if (!family) return false;
    if (bits === undefined) return true;
    if (!/^\d{1,3}$/.test(bits)) return false;
    return Number(bits) <= (family === 4 ? 32 : 128);
  });
}

/** Express's "trust proxy" value: false (the socket address counts), a hop count, or a list. */
function trustProxyFrom(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  return value.split(",").map((p) => p.trim());
}

/**
 * A Notify API key is "{key name}-{service id}-{secret}", both ids UUIDs. The client slices
 * them out by position without checking, so a truncated key would only fail at the first send.
 */
const NOTIFY_API_KEY_PATTERN = /-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every template we send needs a Notify template id; an unknown name is a typo. */
const NotifyTemplateIdsSchema = z.strictObject(
  Object.fromEntries(
    templateNames.map((name) => [
      name,
      z.guid({
        error: (issue) => (issue.input === undefined ? "no Notify template id given" : "not a Notify template id (a UUID)"),
      }),
    ]),
  ) as Record<TemplateName, z.ZodGUID>,
);

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  /**
   * Served over HTTPS only (production): Secure/__Host- cookies, HSTS, upgrade-insecure-requests.
   * Off in development and on a local test server (plain http://127.0.0.1).
   */
  httpsOnly: boolean;
  /**
   * Test tools: the /dev/outbox page and test mail domains for staff e-mail. Outside production,
   * or on a local test server; never on a production server reachable from outside.
   */
  testTools: boolean;
  /** The end-to-end fixtures' key to /dev/sign-in; set only on a local test server. */
  testSignInKey?: string;
  port: number;
  host: string;
  databaseUrl?: string;
  databasePoolSize: number;
  /** Worker processes serving the port; 1 runs the app in the started process itself. */
  webConcurrency: number;
  dataDir: string;
  filesDir: string;
  sessionSecret: string;
  productName: string;
  supportPhone: string;
  seedDemo: boolean;
  logLevel: string;
  trackingScriptUrl?: string;
  /** PUBLIC_URL: the origin of links in messages no request is answering (friends and family test). */
  publicUrl?: string;
  maintenanceBanner?: { text: string; type: "information" | "warning" };
  /** GOV.UK Notify, when configured; otherwise messages go to the outbox table. */
  notify?: { apiKey: string; templateIds: Record<TemplateName, string> };
  /** Express "trust proxy": only a named proxy's X-Forwarded-For is believed (rate limits, logs). */
  trustProxy: false | number | string[];
  /** STUN/TURN servers for video calls (VIDEO_ICE_SERVERS); none by default. */
  videoIceServers?: IceServer[];
  /** NHS login: a real provider, the local mock (never in production), or off. See nhs-login-config.server.ts. */
  nhsLogin: NhsLoginConfig;
  /** NOTIFY_CALLBACK_TOKEN: the bearer token of Notify's delivery receipts (decision 0129). */
  notifyCallbackToken?: string;
};

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

const IceServersSchema = z.array(
  z.object({
    urls: z.union([z.string().regex(/^(stun|turns?):/), z.array(z.string().regex(/^(stun|turns?):/)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

function readIceServers(value: string | undefined): IceServer[] {
  if (!value?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error("Frontdoor cannot start: VIDEO_ICE_SERVERS is not valid JSON: give an array such as [{\"urls\":\"stun:stun.example.org:3478\"}].");
  }
  const result = IceServersSchema.safeParse(parsed);
  if (!result.success) throw new Error("Frontdoor cannot start: VIDEO_ICE_SERVERS must be an array of {urls, username?, credential?} with stun:, turn: or turns: URLs.");
  return result.data;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

const DEVELOPMENT_SECRET = "frontdoor-development-secret-not-for-production-use";

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Frontdoor cannot start: the environment is invalid.\n${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.SESSION_SECRET) {
    throw new Error("Frontdoor cannot start: SESSION_SECRET is required in production (32+ characters).");
  }
  const localTestServer = e.LOCAL_TEST_SERVER === "true";
  if (localTestServer && !LOOPBACK_HOSTS.has(e.HOST)) {
    throw new Error(`Frontdoor cannot start: LOCAL_TEST_SERVER needs HOST to be a loopback address (127.0.0.1, ::1 or localhost), not ${e.HOST}.`);
  }
  if (e.TEST_SIGN_IN_KEY && !localTestServer) {
    throw new Error("Frontdoor cannot start: TEST_SIGN_IN_KEY is for a local test server only (LOCAL_TEST_SERVER=true).");
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    // PGlite's data folder belongs to one process.
    throw new Error("Frontdoor cannot start: WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL); PGlite allows one process.");
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    httpsOnly: isProduction && !localTestServer,
    testTools: !isProduction || localTestServer,
    testSignInKey: localTestServer ? e.TEST_SIGN_IN_KEY : undefined,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webConcurrency: e.WEB_CONCURRENCY,
    dataDir: e.DATA_DIR,
    filesDir: e.FILES_DIR,
    sessionSecret: e.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    productName: e.PRODUCT_NAME,
    supportPhone: e.SUPPORT_PHONE,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !isProduction,
    logLevel: e.LOG_LEVEL,
    trackingScriptUrl: e.TRACKING_SCRIPT_URL,
    publicUrl: e.PUBLIC_URL,
    maintenanceBanner: e.MAINTENANCE_BANNER_TEXT?.trim()
      ? { text: e.MAINTENANCE_BANNER_TEXT.trim(), type: e.MAINTENANCE_BANNER_TYPE }
      : undefined,
    notify: readNotifyConfig(e.NOTIFY_API_KEY, e.NOTIFY_TEMPLATE_IDS),
    notifyCallbackToken: e.NOTIFY_CALLBACK_TOKEN,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    videoIceServers: readIceServers(e.VIDEO_ICE_SERVERS),
    nhsLogin: readNhsLoginConfig(
      { issuer: e.NHS_LOGIN_ISSUER, clientId: e.NHS_LOGIN_CLIENT_ID, privateKeyPem: e.NHS_LOGIN_PRIVATE_KEY, settingsUrl: e.NHS_LOGIN_SETTINGS_URL },
      { isProduction, allowMock: !isProduction || localTestServer, port: e.PORT },
    ),
  };
}

function readNotifyConfig(apiKeyValue: string | undefined, templateIdsValue: string | undefined): Config["notify"] {
  const apiKey = apiKeyValue?.trim();
  const templateIdsJson = templateIdsValue?.trim();
  if (!apiKey && !templateIdsJson) return undefined;
  const fail = (problem: string): never => {
    throw new Error(`Frontdoor cannot start: GOV.UK Notify is not configured correctly.\n  ${problem}`);
  };
  // Half a configuration is a mistake (a secret not mounted): refuse rather than fall back
  // to the outbox, where no patient would ever receive their message.
  if (!apiKey) return fail("NOTIFY_TEMPLATE_IDS is set but NOTIFY_API_KEY is not: set both, or neither to use the outbox.");
  if (!templateIdsJson) return fail(`NOTIFY_API_KEY is set but NOTIFY_TEMPLATE_IDS is not: give a JSON object with a template id for each of ${templateNames.join(", ")}.`);
  if (!NOTIFY_API_KEY_PATTERN.test(apiKey)) return fail("NOTIFY_API_KEY does not look like a GOV.UK Notify API key (name-serviceid-secret).");
  let json: unknown;
  try {
    json = JSON.parse(templateIdsJson);
  } catch {
    return fail("NOTIFY_TEMPLATE_IDS is not valid JSON: give an object of template name to Notify template id.");
  }
  const parsed = NotifyTemplateIdsSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message));
    return fail(`NOTIFY_TEMPLATE_IDS is invalid:\n    ${problems.join("\n    ")}`);
  }
  return { apiKey, templateIds: parsed.data as Record<TemplateName, string> };
}
