import { describe, expect, it } from "vitest";
import { readConfig } from "./config.server";
import { templateNames, type TemplateName } from "./domain/notify/templates";

const PRODUCTION_SECRET = "a-production-secret-of-at-least-32-chars";

/** readConfig with only these variables: never the environment the tests run in. */
const read = (env: Record<string, string>) => readConfig(env as NodeJS.ProcessEnv);

describe("readConfig", () => {
  it("gives working defaults for an empty environment (development, PGlite in ./data)", () => {
    const config = read({});
    expect(config).toMatchObject({
      env: "development",
      isProduction: false,
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      databasePoolSize: 10,
      webConcurrency: 1,
      dataDir: "./data",
      productName: "Frontdoor",
      supportPhone: "0330 343 5000",
      seedDemo: true,
      logLevel: "info",
      trackingScriptUrl: undefined,
    });
    // Outside production a fixed development secret stands in, long enough for HMACs.
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("reads the values it is given", () => {
    const config = read({
      NODE_ENV: "test",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://app@db.internal:5432/frontdoor",
      DATABASE_POOL_SIZE: "25",
      WEB_CONCURRENCY: "4",
      DATA_DIR: "/var/lib/frontdoor",
      PRODUCT_NAME: "Practice Online",
      SUPPORT_PHONE: "0113 000 0000",
      LOG_LEVEL: "warn",
      TRACKING_SCRIPT_URL: "https://stats.example.org/t.js",
    });
    expect(config).toMatchObject({
      env: "test",
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://app@db.internal:5432/frontdoor",
      databasePoolSize: 25,
      webConcurrency: 4,
      dataDir: "/var/lib/frontdoor",
      productName: "Practice Online",
      supportPhone: "0113 000 0000",
      logLevel: "warn",
      trackingScriptUrl: "https://stats.example.org/t.js",
    });
  });

  it("refuses several processes on PGlite, whose data folder belongs to one process", () => {
    expect(() => read({ WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
    expect(read({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://app@db/frontdoor" }).webConcurrency).toBe(2);
    expect(() => read({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });

  it.each(["abc", "70000", "-1", "3.5", "80 80"])("refuses PORT=%j with a message naming PORT", (port) => {
    expect(() => read({ PORT: port })).toThrow(/^Frontdoor cannot start: the environment is invalid\.\n {2}PORT: /);
  });

  it.each(["not a url", "postgres//missing-colon", "mysql://db/frontdoor", "http://db:5432/frontdoor"])(
    "refuses DATABASE_URL=%j with a message naming it",
    (url) => {
      expect(() => read({ DATABASE_URL: url })).toThrow(
        /^Frontdoor cannot start: the environment is invalid\.\n {2}DATABASE_URL: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
      );
    },
  );

  it("treats empty DATABASE_URL and PORT as unset", () => {
    const config = read({ DATABASE_URL: "", PORT: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it("lists every invalid variable at once", () => {
    let message = "";
    try {
      read({ PORT: "x", DATABASE_POOL_SIZE: "0", LOG_LEVEL: "loud", NODE_ENV: "staging" });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ["PORT", "DATABASE_POOL_SIZE", "LOG_LEVEL", "NODE_ENV"]) {
      expect(message).toMatch(new RegExp(`^ {2}${name}: `, "m"));
    }
  });

  describe("in production", () => {
    it("requires SESSION_SECRET", () => {
      expect(() => read({ NODE_ENV: "production" })).toThrow(
        "Frontdoor cannot start: SESSION_SECRET is required in production (32+ characters).",
      );
    });

    it("refuses a SESSION_SECRET shorter than 32 characters", () => {
      expect(() => read({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(31) })).toThrow(
        "SESSION_SECRET: SESSION_SECRET must be at least 32 characters",
      );
    });

    it("uses the given secret and does not seed demo data", () => {
      const config = read({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET });
      expect(config.isProduction).toBe(true);
      expect(config.sessionSecret).toBe(PRODUCTION_SECRET);
      expect(config.seedDemo).toBe(false);
    });

    it("is HTTPS-only and has no test tools", () => {
      const config = read({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET });
      expect(config.httpsOnly).toBe(true);
      expect(config.testTools).toBe(false);
    });

    it("as a local test server: plain http and test tools, still production", () => {
      const config = read({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET, LOCAL_TEST_SERVER: "true", HOST: "127.0.0.1" });
      expect(config).toMatchObject({ isProduction: true, httpsOnly: false, testTools: true });
    });

    it("refuses a local test server that listens beyond loopback", () => {
      expect(() => read({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET, LOCAL_TEST_SERVER: "true", HOST: "0.0.0.0" })).toThrow(
        "LOCAL_TEST_SERVER needs HOST to be a loopback address",
      );
    });

    it("takes a test sign-in key only on a local test server", () => {
      const key = "k".repeat(32);
      const base = { NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET, HOST: "127.0.0.1", TEST_SIGN_IN_KEY: key };
      expect(read({ ...base, LOCAL_TEST_SERVER: "true" }).testSignInKey).toBe(key);
      expect(() => read(base)).toThrow("TEST_SIGN_IN_KEY is for a local test server only");
      expect(() => read({ NODE_ENV: "development", TEST_SIGN_IN_KEY: key })).toThrow("TEST_SIGN_IN_KEY is for a local test server only");
    });

    it("seeds demo data only when SEED_DEMO=true", () => {
      expect(read({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET, SEED_DEMO: "true" }).seedDemo).toBe(true);
      expect(read({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET, SEED_DEMO: "false" }).seedDemo).toBe(false);
    });
  });

  it("outside production: plain http and test tools", () => {
    expect(read({ NODE_ENV: "development" })).toMatchObject({ httpsOnly: false, testTools: true });
  });

  it("seeds demo data outside production unless SEED_DEMO=false", () => {
    expect(read({ NODE_ENV: "development" }).seedDemo).toBe(true);
    expect(read({ NODE_ENV: "test" }).seedDemo).toBe(true);
    expect(read({ NODE_ENV: "development", SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("refuses a SEED_DEMO that is neither true nor false", () => {
    expect(() => read({ SEED_DEMO: "yes" })).toThrow(/SEED_DEMO: /);
  });

  it("does not use the development secret as a fallback in production", () => {
    const development = read({}).sessionSecret;
    expect(read({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET }).sessionSecret).not.toBe(development);
  });
});

describe("readConfig: GOV.UK Notify", () => {
  const apiKey = "frontdoor_live-11111111-2222-4333-8444-555555555555-66666666-7777-4888-9999-aaaaaaaaaaaa";
  const templateIds = Object.fromEntries(
    templateNames.map((name, i) => [name, `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`]),
  ) as Record<TemplateName, string>;
  const notifyProblem = (env: Record<string, string>) => {
    try {
      read({ NODE_ENV: "test", ...env });
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("expected readConfig to refuse this environment");
  };

  it("is off (outbox) when neither variable is set, or both are blank", () => {
    expect(read({}).notify).toBeUndefined();
    expect(read({ NOTIFY_API_KEY: " ", NOTIFY_TEMPLATE_IDS: "" }).notify).toBeUndefined();
  });

  it("is on with a well-formed key and a template id for every template", () => {
    const config = read({ NOTIFY_API_KEY: ` ${apiKey} `, NOTIFY_TEMPLATE_IDS: JSON.stringify(templateIds) });
    expect(config.notify).toEqual({ apiKey, templateIds });
  });

  it("refuses half a configuration rather than silently using the outbox", () => {
    expect(notifyProblem({ NOTIFY_TEMPLATE_IDS: JSON.stringify(templateIds) })).toMatch(
      /^Frontdoor cannot start: GOV.UK Notify is not configured correctly\.\n {2}NOTIFY_TEMPLATE_IDS is set but NOTIFY_API_KEY is not/,
    );
    expect(notifyProblem({ NOTIFY_API_KEY: apiKey })).toContain("NOTIFY_API_KEY is set but NOTIFY_TEMPLATE_IDS is not");
  });

  it("refuses a key that is not name-serviceid-secret", () => {
    expect(notifyProblem({ NOTIFY_API_KEY: apiKey.slice(0, -1), NOTIFY_TEMPLATE_IDS: JSON.stringify(templateIds) })).toContain(
      "NOTIFY_API_KEY does not look like a GOV.UK Notify API key",
    );
  });

  it("refuses template ids that are not JSON, miss a template, name an unknown one or are not UUIDs", () => {
    expect(notifyProblem({ NOTIFY_API_KEY: apiKey, NOTIFY_TEMPLATE_IDS: "{not json" })).toContain(
      "NOTIFY_TEMPLATE_IDS is not valid JSON",
    );
    const [first, second] = templateNames;
    const { [first]: _missing, ...withoutFirst } = templateIds;
    expect(notifyProblem({ NOTIFY_API_KEY: apiKey, NOTIFY_TEMPLATE_IDS: JSON.stringify(withoutFirst) })).toContain(
      `${first}: no Notify template id given`,
    );
    expect(
      notifyProblem({ NOTIFY_API_KEY: apiKey, NOTIFY_TEMPLATE_IDS: JSON.stringify({ ...templateIds, [second]: "abc" }) }),
    ).toContain(`${second}: not a Notify template id (a UUID)`);
    expect(
      notifyProblem({ NOTIFY_API_KEY: apiKey, NOTIFY_TEMPLATE_IDS: JSON.stringify({ ...templateIds, "pasword-reset": templateIds[first] }) }),
    ).toMatch(/NOTIFY_TEMPLATE_IDS is invalid:[\s\S]*pasword-reset/);
  });
});
