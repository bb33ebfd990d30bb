import { describe, expect, it, vi } from "vitest";
import { createNotifier } from "./create-notifier.server";
import { NotifyNotifier, NotifySendError, type NotifySender } from "./notify.server";
import { OutboxNotifier } from "./notifier.server";
import { templateNames, type TemplateName } from "./templates";
import { readConfig } from "~/config.server";
import type { Db } from "~/db/client.server";

const templateIds = Object.fromEntries(
  templateNames.map((name, i) => [name, `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`]),
) as Record<TemplateName, string>;

function stubClient(fail?: unknown) {
  const respond = () => (fail ? Promise.reject(fail) : Promise.resolve({ data: { id: "n-1" } }));
  return {
    sendEmail: vi.fn<NotifySender["sendEmail"]>(respond),
    sendSms: vi.fn<NotifySender["sendSms"]>(respond),
  };
}

const email = {
  channel: "email" as const,
  to: "sarah@example.com",
  template: "password-reset" as const,
  values: { firstName: "Sarah", link: "https://frontdoor.example/password/reset/abc", product: "Frontdoor" },
};
const sms = {
  channel: "sms" as const,
  to: "07700900123",
  template: "mfa-sms-code" as const,
  values: { code: "123456", product: "Frontdoor" },
};

describe("NotifyNotifier", () => {
  it("sends an e-mail with the mapped template id, the values as personalisation, and a reference", async () => {
    const client = stubClient();
    await new NotifyNotifier(client, templateIds).send(email);
    expect(client.sendSms).not.toHaveBeenCalled();
    expect(client.sendEmail).toHaveBeenCalledTimes(1);
    const [templateId, to, options] = client.sendEmail.mock.calls[0];
    expect(templateId).toBe(templateIds["password-reset"]);
    expect(to).toBe("sarah@example.com");
    expect(options.personalisation).toEqual(email.values);
    expect(options.reference).toMatch(/^password-reset-[0-9a-f-]{36}$/);
  });

  it("sends an SMS through sendSms", async () => {
    const client = stubClient();
    await new NotifyNotifier(client, templateIds).send(sms);
    expect(client.sendEmail).not.toHaveBeenCalled();
    expect(client.sendSms).toHaveBeenCalledWith(templateIds["mfa-sms-code"], "07700900123", {
      personalisation: { code: "123456", product: "Frontdoor" },
      reference: expect.stringMatching(/^mfa-sms-code-/),
    });
  });

  it("gives every message its own reference, without personal data", async () => {
    const client = stubClient();
    const notifier = new NotifyNotifier(client, templateIds);
    await notifier.send(email);
    await notifier.send(email);
    const [first, second] = client.sendEmail.mock.calls.map((call) => call[2].reference);
    expect(first).not.toBe(second);
    for (const reference of [first, second]) {
      expect(reference).not.toContain("sarah");
      expect(reference).not.toContain("Sarah");
    }
  });

  it("uses the reference maker it is given", async () => {
    const client = stubClient();
    await new NotifyNotifier(client, templateIds, { newReference: (t) => `ref:${t}` }).send(sms);
    expect(client.sendSms.mock.calls[0][2].reference).toBe("ref:mfa-sms-code");
  });

  it("refuses NHS App messages with a clear error and sends nothing", async () => {
    const client = stubClient();
    await expect(
      new NotifyNotifier(client, templateIds).send({ ...email, channel: "nhs_app_notif", to: "9990001234" }),
    ).rejects.toThrow(/cannot send NHS App messages.*email or sms/);
    expect(client.sendEmail).not.toHaveBeenCalled();
    expect(client.sendSms).not.toHaveBeenCalled();
  });

  it("on a Notify error throws only the status and error type, never the recipient or personalisation", async () => {
    // The shape axios rejects with: the request (recipient, personalisation) rides along.
    const axiosError = Object.assign(new Error("Request failed with status code 400"), {
      config: { data: JSON.stringify({ email_address: email.to, personalisation: email.values }) },
      response: {
        status: 400,
        data: { status_code: 400, errors: [{ error: "BadRequestError", message: `Can't send to ${email.to}: Sarah` }] },
      },
    });
    const failure = await new NotifyNotifier(stubClient(axiosError), templateIds).send(email).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NotifySendError);
    const error = failure as NotifySendError;
    expect(error.message).toBe("GOV.UK Notify refused the password-reset email: 400 BadRequestError");
    expect(error.status).toBe(400);
    expect(error.errorType).toBe("BadRequestError");
    expect(error.cause).toBeUndefined();
    const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    for (const secret of [email.to, "Sarah", email.values.link]) expect(everything).not.toContain(secret);
  });

  it("reports a rate limit and a network failure by type only", async () => {
    const limited = { response: { status: 429, data: { errors: [{ error: "RateLimitError", message: "Exceeded" }] } } };
    await expect(new NotifyNotifier(stubClient(limited), templateIds).send(sms)).rejects.toThrow(
      "GOV.UK Notify refused the mfa-sms-code sms: 429 RateLimitError",
    );
    const network = Object.assign(new Error(`connect ECONNREFUSED for ${sms.to}`), { code: "ECONNREFUSED" });
    const error = (await new NotifyNotifier(stubClient(network), templateIds).send(sms).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe("GOV.UK Notify could not be reached to send the mfa-sms-code sms: ECONNREFUSED");
    expect(error.message).not.toContain(sms.to);
  });
});

describe("createNotifier", () => {
  const db = {} as Db;
  const key = `frontdoor_test-${"1".repeat(8)}-1111-4111-8111-${"1".repeat(12)}-${"2".repeat(8)}-2222-4222-8222-${"2".repeat(12)}`;

  it("uses the outbox when Notify is not configured", () => {
    expect(createNotifier(readConfig({ NODE_ENV: "test" }), db)).toBeInstanceOf(OutboxNotifier);
  });

  it("uses GOV.UK Notify when it is", () => {
    const config = readConfig({ NODE_ENV: "test", NOTIFY_API_KEY: key, NOTIFY_TEMPLATE_IDS: JSON.stringify(templateIds) });
    expect(createNotifier(config, db)).toBeInstanceOf(NotifyNotifier);
  });
});
