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
  ) {
    super(message);
  }
}

export class NotifyNotifier implements Notifier {
  constructor(
    private readonly client: NotifySender,
    private readonly templateIds: Readonly<Record<TemplateName, string>>,
    /** Notify's `reference`: ours to find a message in Notify's logs; never personal data. */
    private readonly newReference: (template: TemplateName) => string = (template) => `${template}-${randomUUID()}`,
  ) {}

  sends(channel: Channel): boolean {
    return channel !== "nhs_app_notif";
  }

  async send<T extends TemplateName>(message: Message<T>): Promise<void> {
    const templateId = this.templateIds[message.template];
    // Config refuses to start without every id, so this is a template added since.
    if (!templateId) throw new Error(`GOV.UK Notify: no template id for ${message.template}`);
    if (message.channel === "nhs_app_notif") {
      throw new Error(
        `GOV.UK Notify cannot send NHS App messages (template ${message.template}): send it by email or sms instead.`,
      );
    }
    const options: SendOptions = {
      personalisation: { ...(message.values as Record<string, string>) },
      reference: message.reference ?? this.newReference(message.template),
    };
    try {
      if (message.channel === "email") await this.client.sendEmail(templateId, message.to, options);
      else await this.client.sendSms(templateId, message.to, options);
    } catch (error) {
      throw describeFailure(error, message.template, message.channel);
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
  return new NotifySendError(`GOV.UK Notify could not be reached to send the ${template} ${channel}: ${code}`, null, null);
}
