/**
 * Document-management sign-on against a real database: the token opens the setup (or the
 * practice choice), every page insists on its query and its previous page, signed-in users are
 * refused, and registering a service account uses the token up.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { docmanAccounts, docmanSetupTokens, practices } from "~/db/schema";
import { hashDocmanToken } from "~/domain/integrations/docman.server";
import { useTestWorld, makePractice } from "../../../tests/support/world";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest } from "../../../tests/support/requests";
import { uniqueEmail, uniqueWord } from "../../../tests/support/registration-fixtures";
import * as authRoute from "./docman.auth";
import * as practiceRoute from "./docman.setup.practice";
import * as setupRoute from "./docman.setup._index";
import * as registerRoute from "./docman.setup.register";
import * as registeredRoute from "./docman.setup.registered";

const world = useTestWorld();
let one: Awaited<ReturnType<typeof makePractice>>;
let two: Awaited<ReturnType<typeof makePractice>>;

async function token(practiceIds: number[]) {
  const value = `docman-${uniqueWord()}`;
  await world.db.insert(docmanSetupTokens).values({ tokenHash: hashDocmanToken(value), practiceIds, expiresAt: new Date(world.context.clock.now().getTime() + 3600_000) });
  return value;
}

beforeAll(async () => {
  one = await makePractice(world.context);
  two = await makePractice(world.context);
});

const get = (route: { loader: never } | { loader: unknown }, path: string, cookie?: string) =>
  callLoader((route as { loader: never }).loader, { request: getRequest(path, cookie ? { cookie } : {}), context: world.context });

describe("document-management sign-on", () => {
  it("one practice: auth → setup → register → registered, and the token is used up", async () => {
    const value = await token([one.id]);
    const auth = await get(authRoute, `/docman/auth?token=${value}`);
    expect(auth.headers.get("Location")).toBe(`/docman/setup?practice_id=${one.id}&token=${value}`);
    let cookie = cookieHeaderAfter(auth);
    const setup = await get(setupRoute, auth.headers.get("Location")!, cookie);
    expect(setup.status).toBe(200);
    cookie = cookieHeaderAfter(setup, cookie);
    const registerPath = `/docman/setup/register?${new URLSearchParams({ practice_id: String(one.id), token: value, practice_name: one.name })}`;
    const page = await get(registerRoute, registerPath, cookie);
    expect(page.status).toBe(200);
    cookie = cookieHeaderAfter(page, cookie);
    const email = uniqueEmail("docman");
    const done = await callAction(registerRoute.action, {
      request: postRequest(registerPath, { name: "Docman", email, roles: ["docman_auto_filing", "docman_auto_registration"] }, { cookie }),
      context: world.context,
    });
    expect(done.headers.get("Location")).toBe(`/docman/setup/registered?${new URLSearchParams({ practice_name: one.name })}`);
    cookie = cookieHeaderAfter(done, cookie);
    expect((await get(registeredRoute, done.headers.get("Location")!, cookie)).status).toBe(200);
    const rows = await world.db.select().from(docmanAccounts).where(eq(docmanAccounts.practiceId, one.id));
    expect(rows.map((r) => r.role).sort()).toEqual(["docman_auto_filing", "docman_auto_registration"]);
    const [practice] = await world.db.select().from(practices).where(eq(practices.id, one.id));
    expect(practice.hasDocmanGuid).toBe(true);
    expect((await get(authRoute, `/docman/auth?token=${value}`)).headers.get("Location")).toBe("/docman/token-expired");
  });

  it("several practices: the choice first", async () => {
    const value = await token([one.id, two.id]);
    const auth = await get(authRoute, `/docman/auth?token=${value}`);
    expect(auth.headers.get("Location")).toBe(`/docman/setup/practice?multiple_practices=true&token=${value}`);
    const cookie = cookieHeaderAfter(auth);
    const chose = await callAction(practiceRoute.action, { request: postRequest(auth.headers.get("Location")!, { practiceId: String(two.id) }, { cookie }), context: world.context });
    expect(chose.headers.get("Location")).toBe(`/docman/setup?practice_id=${two.id}&token=${value}`);
  });

  it("a page out of order, without its query, or signed in: permission-denied", async () => {
    const value = await token([one.id]);
    const registerPath = `/docman/setup/register?${new URLSearchParams({ practice_id: String(one.id), token: value, practice_name: one.name })}`;
    expect((await get(registerRoute, registerPath)).headers.get("Location")).toBe("/permission-denied");
    const cookie = cookieHeaderAfter(await get(authRoute, `/docman/auth?token=${value}`));
    expect((await get(registerRoute, registerPath, cookie)).headers.get("Location")).toBe("/permission-denied");
    expect((await get(setupRoute, `/docman/setup?token=${value}`, cookie)).headers.get("Location")).toBe("/permission-denied");
    const staff = await makeUser(world.context, { memberships: [{ practiceId: one.id, role: "gp" }] });
    const signedIn = (await signInAs(world.context, staff.id)).cookie;
    expect((await get(authRoute, `/docman/auth?token=${value}`, signedIn)).headers.get("Location")).toBe("/permission-denied");
    const [left] = await world.db.select().from(docmanSetupTokens).where(and(eq(docmanSetupTokens.tokenHash, hashDocmanToken(value))));
    expect(left.usedAt).toBeNull();
  });
});
