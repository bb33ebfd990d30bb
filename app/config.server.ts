import * as z from "zod";

/**
 * The environment, read once at start and validated, so a misconfigured deployment fails
 * at boot with a clear message instead of at the first request that needs a value.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default("./data"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  PRODUCT_NAME: z.string().min(1).default("Frontdoor"),
  SUPPORT_PHONE: z.string().min(1).default("0330 343 5000"),
  // Demo data is created on an empty database unless this is production; production can opt in.
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRACKING_SCRIPT_URL: z.string().url().optional(),
  // Puts up the maintenance banner at start (ops, before planned work; also the e2e tests).
  MAINTENANCE_BANNER_TEXT: z.string().optional(),
  MAINTENANCE_BANNER_TYPE: z.enum(["information", "warning"]).default("information"),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  databasePoolSize: number;
  dataDir: string;
  sessionSecret: string;
  productName: string;
  supportPhone: string;
  seedDemo: boolean;
  logLevel: string;
  trackingScriptUrl?: string;
  maintenanceBanner?: { text: string; type: "information" | "warning" };
};

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
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    sessionSecret: e.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    productName: e.PRODUCT_NAME,
    supportPhone: e.SUPPORT_PHONE,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !isProduction,
    logLevel: e.LOG_LEVEL,
    trackingScriptUrl: e.TRACKING_SCRIPT_URL,
    maintenanceBanner: e.MAINTENANCE_BANNER_TEXT?.trim()
      ? { text: e.MAINTENANCE_BANNER_TEXT.trim(), type: e.MAINTENANCE_BANNER_TYPE }
      : undefined,
  };
}
