/**
 * Every e-mail, SMS and NHS App message leaves through one Notifier. The default writes
 * the outbox table (read at /dev/outbox outside production); GOV.UK Notify is used when
 * configured (notify.server.ts). Callers name a template and give personalisation; the
 * texts live in templates.ts so the outbox shows what a real message would say.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { renderTemplate, type TemplateName, type TemplateValues } from "./templates";

export type Channel = "email" | "sms" | "nhs_app_notif";

export type Message<T extends TemplateName = TemplateName> = {
  channel: Channel;
  to: string;
  template: T;
  values: TemplateValues[T];
  /**
   * An idempotency key (bulk messages): the outbox keeps one row per reference, and GOV.UK Notify
   * gets it as its `reference`, so whether a message went can be asked after a crash (wasSent).
   */
  reference?: string;
  /**
   * Who tries again when GOV.UK Notify fails for a while (no answer, 429, 5xx). By default the
   * notifier: it keeps the message and its job sends it later, and send resolves. "caller": send
   * throws, for a sender that keeps its own state and retries (bulk messages). Decision 0153.
   */
  retries?: "notifier" | "caller";
};

export interface Notifier {
  send<T extends TemplateName>(message: Message<T>): Promise<void>;
  /**
   * Whether this notifier delivers a channel. The NHS App message (to an NHS number) is a third
   * channel only where one can carry it: the outbox does; GOV.UK Notify does not (decision 0008).
   */
  sends(channel: Channel): boolean;
  /** Whether a message with this reference has been sent: true, false, or null when it cannot be told. */
  wasSent?(reference: string): Promise<boolean | null>;
}

/** The embedded default: messages are rows in the outbox table. */
export class OutboxNotifier implements Notifier {
  constructor(private readonly db: Db) {}

  sends(): boolean {
    return true;
  }

  async send<T extends TemplateName>(message: Message<T>): Promise<void> {
    const rendered = renderTemplate(message.template, message.values);
    await this.db.insert(outbox).values({
      channel: message.channel,
      recipient: message.to,
      template: message.template,
      subject: message.channel === "email" ? rendered.subject : null,
      body: rendered.body,
      personalisation: message.values as Record<string, unknown>,
      reference: message.reference ?? null,
    }).onConflictDoNothing();
  }

  async wasSent(reference: string): Promise<boolean> {
    const [row] = await this.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.reference, reference)).limit(1);
    return Boolean(row);
  }
}
