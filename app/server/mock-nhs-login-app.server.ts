/**
 * The mock NHS login provider as the app mounts it at /mock-nhs-login (development and test
 * only): its client is this app, with the key of the configuration, calling back to
 * /nhs-login/auth on the loopback addresses of its port.
 */
import { createPublicKey } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "~/config.server";
import { createMockNhsLoginProvider } from "./mock-nhs-login.server";

export function mockNhsLoginHandler(config: Config) {
  const nhsLogin = config.nhsLogin;
  if (nhsLogin.mode !== "mock") throw new Error("mockNhsLoginHandler: NHS login is not in mock mode");
  const origins = [`http://127.0.0.1:${config.port}`, `http://localhost:${config.port}`];
  const { handle } = createMockNhsLoginProvider({
    issuer: nhsLogin.issuer,
    clientId: nhsLogin.clientId,
    clientPublicKey: createPublicKey(nhsLogin.privateKey),
    redirectUris: origins.map((o) => `${o}/nhs-login/auth`),
    postLogoutRedirectUris: origins.map((o) => `${o}/`),
  });
  return (req: IncomingMessage, res: ServerResponse) => handle(req, res);
}
