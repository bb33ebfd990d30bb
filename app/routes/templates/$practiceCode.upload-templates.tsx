import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button, FileField } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { Table } from "~/components/Table";
import { cleanFileName } from "~/domain/files/file-types";
import { CSV_COLUMNS, parseUpload, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, type Refusal } from "~/domain/templates/upload";
import { importUpload } from "~/domain/templates/upload.server";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { requireTemplateScope } from "~/web/templates/scope.server";

/**
 * /{code}/upload-templates (the practice's gp, receptionist or practice admin): import message
 * templates and questionnaires from a CSV or JSON file. Every line is checked as the forms
 * check it; if any is refused the page lists each with its reason and nothing is imported
 * (decision 0089). The body was already held to its limit by the route layer; the file itself
 * to 1MB here.
 */
export const handle = { title: "Upload templates and questionnaires" };

export async function loader(args: LoaderFunctionArgs) {
  const { base, practiceName, practiceCode } = await requireTemplateScope(args);
  if (!practiceCode) throw notFound();
  return json({ base, caption: practiceName ?? "" });
}

type Rejected = { fileError: string | null; fileName: string | null; refusals: Refusal[] };
const rejected = (body: Rejected) => json(body, { status: 400 });

export async function action(args: ActionFunctionArgs) {
  const { viewer, scope, base } = await requireTemplateScope(args);
  if (scope.practiceId === null) throw notFound();
  const form = await args.request.formData();
  const file = form.get("file");
  if (file === null || typeof file === "string" || (file.name === "" && file.size === 0)) return rejected({ fileError: UPLOAD_MESSAGES.noFile, fileName: null, refusals: [] });
  const fileName = cleanFileName(file.name);
  if (file.size > UPLOAD_MAX_BYTES) return rejected({ fileError: UPLOAD_MESSAGES.tooLarge, fileName, refusals: [] });
  const parsed = parseUpload(fileName, new Uint8Array(await file.arrayBuffer()));
  if ("fileError" in parsed) return rejected({ fileError: parsed.fileError, fileName, refusals: [] });
  const outcome = await importUpload(args.context.db, args.context.clock, scope.practiceId, { userId: viewer.userId }, parsed, fileName);
  if (outcome.status === "refused") return rejected({ fileError: null, fileName, refusals: outcome.refusals });
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  return redirectWithFlash(args.request, args.context, `${base}/message-templates`, {
    kind: "success",
    text: `Imported ${count(outcome.templates, "template")} and ${count(outcome.questionnaires, "questionnaire")} from ${fileName}.`,
  });
}

const CSV_EXAMPLE = `type,title,text,tags,description,kind,required,unit,min,max,options,hint
template,Flu clinic,"Dear {patient_name}, book your flu vaccination at {booking_link}",flu,,,,,,,,
question,Knee pain,How bad is the pain?,physio,Before your appointment,number,yes,out of 10,0,10,,
question,Knee pain,Which knee?,,,single_choice,yes,,,,Left|Right|Both,`;

const JSON_EXAMPLE = `{
  "templates": [{ "title": "Flu clinic", "body": "Dear {patient_name}, book at {booking_link}", "tags": ["flu"] }],
  "questionnaires": [{
    "title": "Knee pain", "description": "Before your appointment", "tags": ["physio"],
    "questions": [
      { "text": "How bad is the pain?", "kind": "number", "required": true, "unit": "out of 10", "min": 0, "max": 10 },
      { "text": "Which knee?", "kind": "single_choice", "required": true, "options": ["Left", "Right", "Both"] }
    ]
  }]
}`;

export default function UploadTemplates() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refusals = result?.refusals ?? [];
  const errors = result?.fileError
    ? [{ fieldId: "upload-file", message: result.fileError }]
    : refusals.length
      ? [{ fieldId: "upload-report", message: `${refusals.length === 1 ? "1 line" : `${refusals.length} lines`} of ${result?.fileName ?? "the file"} could not be imported. Nothing was imported.` }]
      : [];
  return (
    <FormPage title="Upload templates and questionnaires" caption={data.caption} back={{ href: `${data.base}/message-templates`, text: "Back to message templates" }} errors={errors}>
      {refusals.length ? (
        <section aria-labelledby="upload-report-heading" id="upload-report" tabIndex={-1}>
          <h2 id="upload-report-heading">What could not be imported</h2>
          <p>Correct these lines and upload the file again. Nothing from the file has been imported.</p>
          <Table caption="Lines that could not be imported" columns={["Where", "Reason"]}>
            {refusals.map((r, i) => (
              <tr key={i}>
                <td>{r.where}</td>
                <td>{r.message}</td>
              </tr>
            ))}
          </Table>
        </section>
      ) : null}
      <p>Add your practice's message templates and questionnaires from a CSV or JSON file. Each line is checked as the forms check it; if any line cannot be imported, nothing is.</p>
      <PostForm method="post" encType="multipart/form-data">
        <FileField id="upload-file" name="file" label="CSV or JSON file" hint={`Smaller than ${UPLOAD_MAX_BYTES / 1024 / 1024}MB`} accept=".csv,.json,text/csv,application/json" error={result?.fileError ?? undefined} />
        <Button>Upload file</Button>
      </PostForm>
      <h2>CSV files</h2>
      <p>
        The first line names the columns: <code>{CSV_COLUMNS.join(", ")}</code>. Then one line for each template (type <code>template</code>, the message in <code>text</code>) or
        question (type <code>question</code>; questions with the same title make one questionnaire). Separate tags with commas and options with <code>|</code>; the type of answer is one of{" "}
        <code>free_text</code>, <code>number</code>, <code>single_choice</code>, <code>multiple_choice</code>, <code>date</code> or <code>yes_no</code>.
      </p>
      <pre className="app-code-example">{CSV_EXAMPLE}</pre>
      <h2>JSON files</h2>
      <pre className="app-code-example">{JSON_EXAMPLE}</pre>
    </FormPage>
  );
}
