import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { PostForm } from "~/components/Csrf";
import { ModalDialog, useDialogSupport } from "~/components/Dialog";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { useNhsForm } from "~/components/forms";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { confirmPath, MY_INBOX, NOTIFICATION_MESSAGES as M, NotificationSettingsSchema } from "~/domain/staff/notification-settings";
import { loadNotificationSettings, saveNotificationSettings } from "~/domain/staff/notification-settings.server";
import { requireNotificationSettings } from "~/web/staff/notification-settings.server";

export const handle = { title: "Notification settings" };

/**
 * /{practice_code}/notification-settings/{user_id} (spec 3 §2 "Notification settings page"):
 * a checkbox per inbox, grouped by section. Unticking 'My Inbox' asks first: a page of its own
 * without JS (…/confirm), a dialog with JS. Decision 0075.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { userId, member, isSelf, practice } = await requireNotificationSettings(request, context, params);
  const { sections, settings } = await loadNotificationSettings(context.db, userId);
  return json({
    code: practice.urlCode,
    userId,
    isSelf,
    memberName: member.name,
    sections: sections.map((s) => ({ ...s, inboxes: s.inboxes.map((i) => ({ name: i.name, enabled: settings.get(i.name) ?? false })) })),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, userId } = await requireNotificationSettings(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: NotificationSettingsSchema });
  if (submission.status !== "success") return formRejected(submission);
  const { inbox, confirmed } = submission.value;
  const result = await saveNotificationSettings(context, { userId: viewer.userId, practiceId: practice.id }, { userId, ticked: inbox, confirmed: confirmed === "yes" });
  if (result.status === "confirm") throw redirect(confirmPath(practice.urlCode, userId, inbox), { status: 303 });
  return redirectWithFlash(request, context, `/${practice.urlCode}/notification-settings/${userId}`, { kind: "success", text: M.updated });
}

const idOf = (name: string) => `inbox-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export default function NotificationSettings() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form] = useNhsForm(NotificationSettingsSchema, { lastResult: actionData?.lastResult });
  const dialogs = useDialogSupport();
  const [asking, setAsking] = useState(false);
  const formProps = getFormProps(form);
  const formElement = () => document.getElementById(form.id) as HTMLFormElement | null;
  const confirmedRef = useRef<HTMLInputElement>(null);
  const myInboxWasOn = data.sections.some((s) => s.inboxes.some((i) => i.name === MY_INBOX && i.enabled));

  // With JS: ask in a dialog before turning 'My Inbox' off; without, the action sends the confirm page.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const myInbox = event.currentTarget.querySelector<HTMLInputElement>(`#${idOf(MY_INBOX)}`);
    if (dialogs && myInboxWasOn && confirmedRef.current?.value !== "yes" && myInbox && !myInbox.checked) {
      event.preventDefault();
      setAsking(true);
      return;
    }
    formProps.onSubmit(event);
  }
  function yes() {
    if (confirmedRef.current) confirmedRef.current.value = "yes";
    setAsking(false);
    formElement()?.requestSubmit();
  }
  function cancel() {
    // "Cancel reloads the settings": the boxes go back to what is saved.
    formElement()?.reset();
    setAsking(false);
  }

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={form.errors?.length ? [{ fieldId: "notification-settings", message: M.failed }] : []} />
        <h1 id="notification-settings">{M.heading}</h1>
        {data.isSelf ? null : <p className="nhsuk-body-l">For {data.memberName}</p>}
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>{M.info}</p>
        </div>
        <PostForm {...formProps} onSubmit={onSubmit} key={JSON.stringify(data.sections)}>
          <input type="hidden" name="confirmed" value="" ref={confirmedRef} />
          {data.sections.map((section) => (
            <div className="nhsuk-form-group" key={section.section}>
              <fieldset className="nhsuk-fieldset">
                <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">
                  <h2 className="nhsuk-fieldset__heading">{section.heading}</h2>
                </legend>
                {section.inboxes.length === 0 ? (
                  <p>{M.empty(section.section)}</p>
                ) : (
                  <div className="nhsuk-checkboxes">
                    {section.inboxes.map((inbox) => (
                      <div className="nhsuk-checkboxes__item" key={inbox.name}>
                        <input
                          className="nhsuk-checkboxes__input"
                          id={idOf(inbox.name)}
                          name="inbox"
                          type="checkbox"
                          value={inbox.name}
                          defaultChecked={inbox.enabled}
                        />
                        <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={idOf(inbox.name)}>
                          {inbox.name}
                        </label>
                      </div>
                    ))}
                  </div>
                )}
              </fieldset>
            </div>
          ))}
          <Button>Save settings</Button>
        </PostForm>
        {asking ? (
          <ModalDialog labelledBy="my-inbox-confirm-title" describedBy="my-inbox-confirm-text" onClose={cancel}>
            <h2 id="my-inbox-confirm-title">{M.confirmTitle}</h2>
            <p id="my-inbox-confirm-text">{M.confirmText}</p>
            <p>{M.confirmQuestion}</p>
            <div className="nhsuk-button-group">
              <button type="button" className="nhsuk-button nhsuk-button--warning" onClick={yes}>
                Yes
              </button>
              <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={cancel}>
                Cancel
              </button>
            </div>
          </ModalDialog>
        ) : null}
      </div>
    </div>
  );
}
