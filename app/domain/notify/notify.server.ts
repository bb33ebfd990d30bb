/**
 * The GOV.UK Notify adapter. Our template names map to Notify template ids (config); the
 * template's values become Notify's personalisation, so the Notify templates use the same
 * ((placeholders)) as templates.ts. E-mail and SMS only: Notify has no NHS App channel
 * (docs/decisions/0008-notify-nhs-app-channel.md).
 *
 * Nothing here logs, and errors never carry the recipient or the personalisation: the
 * client's own errors (axios) hold the whole request body, so they are never passed on.
 */
import { randomUUID } from "node:crypto";
import type { TemplateName } from "./templates";
import type { Channel, Message, Notifier } from "./notifier.server";
import { queueNotifyRetry, type NotifyAttempts, type NotifySend, type RetryStore, type SendFailure } from "./retry-queue.server";

type SendOptions = { personalisation: Record<string, string>; reference: string };

/** The part of `NotifyClient` (notifications-node-client) we use; tests pass a stub. */
export interface NotifySender {
  sendEmail(templateId: string, emailAddress: string, options: SendOptions): Promise<unknown>;
  sendSms(templateId: string, phoneNumber: string, options: SendOptions): Promise<unknown>;
  /** Notify's list of notifications, filtered by our reference (notifications-node-client). */
  getNotifications?(templateType?: string, status?: string, reference?: string): Promise<unknown>;
}

/** Thrown when a message cannot be sent; the message names only status and error type. */
export class NotifySendError extends Error {
  override name = "NotifySendError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly errorType: string | null,
    /** No connection was made (the name did not resolve, the port refused): Notify never had it. */
    readonly notSent = false,
  ) {
    super(message);
  }
}

/**
 * Network errors raised before a request can have left: Notify cannot hold the message, so a
 * retry need not ask it first (decision 0153). A reset or a timeout may come after Notify took it.
 */
const NOT_SENT_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED"]);

/** Where a send that failed for a while is kept to be tried again (retry-queue.server.ts). */
export type NotifyRetryStore = RetryStore & { now: () => Date };

export class NotifyNotifier implements Notifier, NotifyAttempts {
  private readonly newReference: (template: TemplateName) => string;
  private readonly retries: NotifyRetryStore | null;

  constructor(
    private readonly client: NotifySender,
    private readonly templateIds: Readonly<Record<TemplateName, string>>,
    options: {
      /** Notify's `reference`: ours to find a message in Notify's logs; never personal data. */
      newReference?: (template: TemplateName) => string;
      /** Without it a failed send throws, whatever the failure. */
      retries?: NotifyRetryStore;
    } = {},
  ) {
    this.newReference = options.newReference ?? ((template) => `${template}-${randomUUID()}`);
    this.retries = options.retries ?? null;
  }

  sends(channel: Channel): boolean {
    return channel !== "nhs_app_notif";
  }

  /**
   * Sends, or throws a NotifySendError. A failure that may pass (no answer, 429, 5xx) is kept
   * and tried again by the notify-retries job instead, and the send resolves: the message will
   * go. Messages with `retries: "caller"` (bulk messages, which keep their own state) always throw.
   */
  async send<T extends TemplateName>(message: Message<T>): Promise<void> {
    const templateId = this.templateIds[message.template];
    // Config refuses to start without every id, so this is a template added since.
    if (!templateId) throw new Error(`GOV.UK Notify: no template id for ${message.template}`);
    if (message.channel === "nhs_app_notif") {
      throw new Error(
        `GOV.UK Notify cannot send NHS App messages (template ${message.template}): send it by email or sms instead.`,
      );
    }
    const send: NotifySend = {
      channel: message.channel,
      to: message.to,
      template: message.template,
      personalisation: { ...(message.values as Record<string, string>) },
      reference: message.reference ?? this.newReference(message.template),
    };
    const failure = await this.attempt(send);
    if (!failure) return;
    const error = new NotifySendError(failure.description, failure.status, failure.errorType);
    if (message.retries === "caller" || !this.retries) throw error;
    // Kept, it will go; not kept (a failure that will not pass, or no database), the caller is told.
    const kept = await queueNotifyRetry(this.retries, send, failure, this.retries.now()).catch(() => false);
    if (!kept) throw error;
  }

  /** One attempt; the failure (status and type only), or null when Notify took the message. */
  async attempt(send: NotifySend): Promise<(SendFailure & { errorType: string | null }) | null> {
    const templateId = this.templateIds[send.template];
    if (!templateId) return { status: 400, description: `GOV.UK Notify: no template id for ${send.template}`, errorType: null };
    const options: SendOptions = { personalisation: send.personalisation, reference: send.reference };
    try {
      if (send.channel === "email") await this.client.sendEmail(templateId, send.to, options);
      else await this.client.sendSms(templateId, send.to, options);
      return null;
    } catch (error) {
      const failure = describeFailure(error, send.template, send.channel);
      return { status: failure.status, description: failure.message, errorType: failure.errorType, notSent: failure.notSent };
    }
  }

  /** Asks Notify whether it holds a notification with our reference (after a crash mid-send). */
  async wasSent(reference: string): Promise<boolean | null> {
    if (!this.client.getNotifications) return null;
    try {
      const answer = (await this.client.getNotifications(undefined, undefined, reference)) as { data?: { notifications?: unknown[] } };
      return (answer?.data?.notifications?.length ?? 0) > 0;
    } catch {
      return null;
    }
  }
}

/**
 * Notify answers errors as `{status_code, errors: [{error: "BadRequestError", message}]}`.
 * The message can quote the request (a phone number that is not a mobile), so only the
 * status and the error's type name are kept.
 */
function describeFailure(error: unknown, template: TemplateName, channel: "email" | "sms"): NotifySendError {
  const failure = error as { response?: { status?: unknown; data?: { errors?: Array<{ error?: unknown }> } }; code?: unknown };
  const status = typeof failure?.response?.status === "number" ? failure.response.status : null;
  const type = failure?.response?.data?.errors?.[0]?.error;
  const errorType = typeof type === "string" && /^[A-Za-z]{1,60}$/.test(type) ? type : null;
  if (status !== null) {
    return new NotifySendError(
      `GOV.UK Notify refused the ${template} ${channel}: ${status}${errorType ? ` ${errorType}` : ""}`,
      status,
      errorType,
    );
  }
  // No response: the network, a timeout, or the client refusing its own arguments.
  const code = typeof failure?.code === "string" && /^[A-Z_]{1,40}$/.test(failure.code) ? failure.code : "no response";
  return new NotifySendError(`GOV.UK Notify could not be reached to send the ${template} ${channel}: ${code}`, null, null, NOT_SENT_CODES.has(code));
}
