/**
 * /{code}/upload-templates (spec 3 §2, §7 "question_sets/template/upload"): message templates
 * and questionnaires read from a CSV or JSON file, each line checked by the same rules as the
 * forms (TemplateSchema, checkQuestion), every refusal reported by line with its reason.
 * Nothing is imported unless every line passes (decision 0089). Pure: the database checks
 * (titles already used) and the one transaction are in upload.server.ts.
 *
 * CSV: a header line naming the columns, then one line per template or question:
 *   type,title,text,tags,description,kind,required,unit,min,max,options,hint
 *   template,Flu clinic,"Dear {patient_name}, book at {booking_link}","flu, vaccination",,,,,,,,
 *   question,Knee pain,How bad is the pain?,physio,Before your appointment,number,yes,out of 10,0,10,,
 *   question,Knee pain,Which knee?,,,single_choice,yes,,,,Left|Right|Both,
 * Questions with the same title make one questionnaire (its description and tags from any of
 * its lines). JSON: {"templates": [{title, body, tags}], "questionnaires": [{title,
 * description, tags, questions: [{text, hint, kind, required, unit, min, max, options}]}]}.
 */
import { tagsProblem, TemplateSchema, parseTags, type TemplateInput } from "./placeholders";
import { checkQuestion, type QuestionFields } from "./questionnaire-form";
import { QUESTION_MESSAGES, QUESTIONS_MAX, type QuestionDefinition, type QuestionnaireInput } from "./questions";

export const UPLOAD_MAX_BYTES = 1024 * 1024;
export const UPLOAD_MAX_LINES = 1000;
export const CSV_COLUMNS = ["type", "title", "text", "tags", "description", "kind", "required", "unit", "min", "max", "options", "hint"] as const;
type Column = (typeof CSV_COLUMNS)[number];

export const UPLOAD_MESSAGES = {
  noFile: "Select a CSV or JSON file",
  empty: "The selected file is empty",
  tooLarge: "The file must be smaller than 1MB",
  wrongType: "The file must be a CSV or JSON file",
  notText: "The file must be text (UTF-8), saved as CSV or JSON",
  badJson: "The file is not valid JSON",
  jsonShape: 'The JSON file must be an object with a "templates" list, a "questionnaires" list, or both',
  unclosedQuote: (line: number) => `Line ${line}: a quoted value is not closed`,
  header: `The first line must name the columns, starting with type and title (the columns are: ${CSV_COLUMNS.join(", ")})`,
  unknownColumn: (name: string) => `The first line names a column that does not exist: "${name}" (the columns are: ${CSV_COLUMNS.join(", ")})`,
  tooManyLines: `The file may hold at most ${UPLOAD_MAX_LINES} templates and questions`,
  nothing: "The file has no templates or questions in it",
  type: 'The type must be "template" or "question"',
  extraCells: "The line has more values than the first line has columns",
  duplicateInFile: (kind: "template" | "questionnaire", title: string) => `A ${kind} called "${title}" is already in this file`,
  exists: (kind: "template" | "questionnaire", title: string) => `Your practice already has a ${kind} called "${title}"`,
  notObject: "Each item must be an object",
  tooManyQuestions: QUESTION_MESSAGES.tooMany,
  title: QUESTION_MESSAGES.title,
  titleTooLong: QUESTION_MESSAGES.titleTooLong,
  descriptionTooLong: QUESTION_MESSAGES.descriptionTooLong,
} as const;

const u = UPLOAD_MESSAGES;

/** Where a refused item is: "Line 4" (CSV) or "Questionnaire 2, question 3" (JSON). */
export type Refusal = { where: string; message: string };
export type ImportTemplate = TemplateInput & { where: string };
export type ImportQuestionnaire = QuestionnaireInput & { where: string };
export type ParsedUpload = { templates: ImportTemplate[]; questionnaires: ImportQuestionnaire[]; refusals: Refusal[] };
export type UploadResult = { fileError: string } | ParsedUpload;

/** The file as text, or why not: UTF-8 (a BOM dropped), no NUL bytes, CSV or JSON by name or content. */
export function readUploadText(fileName: string, bytes: Uint8Array): { format: "csv" | "json"; text: string } | { fileError: string } {
  if (bytes.length === 0) return { fileError: u.empty };
  if (bytes.length > UPLOAD_MAX_BYTES) return { fileError: u.tooLarge };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { fileError: u.notText };
  }
  if (text.includes("\u0000")) return { fileError: u.notText };
  text = text.replace(/^\uFEFF/, "");
  const name = fileName.toLowerCase();
  if (name.endsWith(".json")) return { format: "json", text };
  if (name.endsWith(".csv") || name.endsWith(".txt")) return { format: "csv", text };
  return { fileError: u.wrongType };
}

/** RFC 4180 records with the line each starts on; quoted values may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): { records: { line: number; cells: string[] }[] } | { fileError: string } {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 1;
  let afterQuote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (c === "\n") line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === "" && !afterQuote) {
      quoted = true;
      quoteLine = line;
    } else if (c === ",") {
      cells.push(cell);
      cell = "";
      afterQuote = false;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      if (cells.some((v) => v.trim() !== "")) records.push({ line: start, cells });
      cells = [];
      cell = "";
      afterQuote = false;
      line++;
      start = line;
    } else if (!afterQuote) {
      cell += c;
    }
  }
  if (quoted) return { fileError: u.unclosedQuote(quoteLine) };
  cells.push(cell);
  if (cells.some((v) => v.trim() !== "")) records.push({ line: start, cells });
  return { records };
}

function checkTemplate(fields: { title?: unknown; body?: unknown; tags?: unknown }): { ok: true; value: TemplateInput } | { ok: false; message: string } {
  const tags = Array.isArray(fields.tags) ? fields.tags.map(String).join(",") : typeof fields.tags === "string" ? fields.tags : "";
  const parsed = TemplateSchema.safeParse({ title: typeof fields.title === "string" ? fields.title : undefined, body: typeof fields.body === "string" ? fields.body : undefined, tags });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message };
  return { ok: true, value: { title: parsed.data.title, body: parsed.data.body, tags: parsed.data.tags } };
}

/** A questionnaire's own fields (title, description, tags), checked as the editor checks them. */
function questionnaireHead(title: string, description: string, tags: string[]): string | null {
  if (!title.trim()) return u.title;
  if (Array.from(title.trim()).length > 100) return u.titleTooLong;
  if (Array.from(description.trim()).length > 1000) return u.descriptionTooLong;
  return tagsProblem(tags);
}

/** Refuses titles used twice in the file (the second and later ones). */
function refuseDuplicates(parsed: ParsedUpload) {
  const seen = new Set<string>();
  parsed.templates = parsed.templates.filter((t) => {
    const key = t.title.toLowerCase();
    if (seen.has(key)) {
      parsed.refusals.push({ where: t.where, message: u.duplicateInFile("template", t.title) });
      return false;
    }
    seen.add(key);
    return true;
  });
  seen.clear();
  parsed.questionnaires = parsed.questionnaires.filter((q) => {
    const key = q.title.toLowerCase();
    if (seen.has(key)) {
      parsed.refusals.push({ where: q.where, message: u.duplicateInFile("questionnaire", q.title) });
      return false;
    }
    seen.add(key);
    return true;
  });
}

export function parseCsvUpload(text: string): UploadResult {
  const csv = parseCsv(text);
  if ("fileError" in csv) return csv;
  const [header, ...rows] = csv.records;
  if (!header) return { fileError: u.nothing };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const unknown = names.find((n) => n !== "" && !(CSV_COLUMNS as readonly string[]).includes(n));
  if (names[0] !== "type" || names[1] !== "title") return { fileError: unknown && names[0] === "type" ? u.unknownColumn(unknown) : u.header };
  if (unknown) return { fileError: u.unknownColumn(unknown) };
  if (rows.length === 0) return { fileError: u.nothing };
  if (rows.length > UPLOAD_MAX_LINES) return { fileError: u.tooManyLines };
  const result: ParsedUpload = { templates: [], questionnaires: [], refusals: [] };
  const groups = new Map<string, { title: string; line: number; description: string; tags: string; questions: { line: number; fields: QuestionFields }[] }>();
  for (const row of rows) {
    const where = `Line ${row.line}`;
    if (row.cells.length > names.length && row.cells.slice(names.length).some((c) => c.trim() !== "")) {
      result.refusals.push({ where, message: u.extraCells });
      continue;
    }
    const get = (c: Column) => {
      const i = names.indexOf(c);
      return i < 0 ? "" : (row.cells[i] ?? "");
    };
    const type = get("type").trim().toLowerCase();
    if (type === "template") {
      const checked = checkTemplate({ title: get("title"), body: get("text"), tags: get("tags") });
      if (checked.ok) result.templates.push({ ...checked.value, where });
      else result.refusals.push({ where, message: checked.message });
    } else if (type === "question") {
      const title = get("title").trim();
      if (!title) {
        result.refusals.push({ where, message: u.title });
        continue;
      }
      const key = title.toLowerCase();
      const group = groups.get(key) ?? { title, line: row.line, description: "", tags: "", questions: [] };
      group.description ||= get("description").trim();
      group.tags ||= get("tags").trim();
      group.questions.push({ line: row.line, fields: { text: get("text"), hint: get("hint"), kind: get("kind"), required: get("required"), unit: get("unit"), min: get("min"), max: get("max"), options: get("options") } });
      groups.set(key, group);
    } else {
      result.refusals.push({ where, message: u.type });
    }
  }
  for (const group of groups.values()) {
    const tags = parseTags(group.tags);
    const head = questionnaireHead(group.title, group.description, tags);
    if (head) {
      result.refusals.push({ where: `Line ${group.line}`, message: head });
      continue;
    }
    if (group.questions.length > QUESTIONS_MAX) {
      result.refusals.push({ where: `Line ${group.questions[QUESTIONS_MAX].line}`, message: u.tooManyQuestions });
      continue;
    }
    const questions: QuestionDefinition[] = [];
    let refused = false;
    for (const q of group.questions) {
      const checked = checkQuestion(q.fields, /\|/);
      if (checked.ok) questions.push(checked.question);
      else {
        refused = true;
        for (const p of checked.problems) result.refusals.push({ where: `Line ${q.line}`, message: p.message });
      }
    }
    if (!refused) result.questionnaires.push({ title: group.title, description: group.description, tags, questions, where: `Line ${group.line}` });
  }
  refuseDuplicates(result);
  result.refusals.sort((a, b) => lineOf(a.where) - lineOf(b.where));
  return result;
}

const lineOf = (where: string) => Number(/\d+/.exec(where)?.[0] ?? 0);

const text = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

export function parseJsonUpload(source: string): UploadResult {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    return { fileError: u.badJson };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { fileError: u.jsonShape };
  const { templates = [], questionnaires = [] } = data as { templates?: unknown; questionnaires?: unknown };
  if (!Array.isArray(templates) || !Array.isArray(questionnaires)) return { fileError: u.jsonShape };
  if (templates.length + questionnaires.length === 0) return { fileError: u.nothing };
  const questionCount = questionnaires.reduce<number>((n, q) => n + (q && typeof q === "object" && Array.isArray((q as { questions?: unknown }).questions) ? (q as { questions: unknown[] }).questions.length : 0), 0);
  if (templates.length + questionCount > UPLOAD_MAX_LINES) return { fileError: u.tooManyLines };
  const result: ParsedUpload = { templates: [], questionnaires: [], refusals: [] };
  templates.forEach((item, i) => {
    const where = `Template ${i + 1}`;
    if (!item || typeof item !== "object" || Array.isArray(item)) return result.refusals.push({ where, message: u.notObject });
    const t = item as Record<string, unknown>;
    const checked = checkTemplate({ title: t.title, body: t.body ?? t.text, tags: t.tags });
    if (checked.ok) result.templates.push({ ...checked.value, where });
    else result.refusals.push({ where, message: checked.message });
  });
  questionnaires.forEach((item, i) => {
    const where = `Questionnaire ${i + 1}`;
    if (!item || typeof item !== "object" || Array.isArray(item)) return result.refusals.push({ where, message: u.notObject });
    const q = item as Record<string, unknown>;
    const title = text(q.title)?.trim() ?? "";
    const description = text(q.description)?.trim() ?? "";
    const tags = parseTags(Array.isArray(q.tags) ? q.tags.map(String).join(",") : (text(q.tags) ?? ""));
    const head = questionnaireHead(title, description, tags);
    if (head) return result.refusals.push({ where, message: head });
    const list = Array.isArray(q.questions) ? q.questions : [];
    if (list.length === 0) return result.refusals.push({ where, message: QUESTION_MESSAGES.none });
    if (list.length > QUESTIONS_MAX) return result.refusals.push({ where, message: u.tooManyQuestions });
    const questions: QuestionDefinition[] = [];
    let refused = false;
    list.forEach((raw, j) => {
      const qWhere = `${where}, question ${j + 1}`;
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
        refused = true;
        return result.refusals.push({ where: qWhere, message: u.notObject });
      }
      const f = raw as Record<string, unknown>;
      const options = Array.isArray(f.options) ? f.options.map((o) => (o && typeof o === "object" ? text((o as { label?: unknown }).label) : text(o)) ?? "").join("\n") : text(f.options);
      const required = f.required === true ? "yes" : f.required === false ? "no" : text(f.required);
      const checked = checkQuestion({ text: text(f.text), hint: text(f.hint), kind: text(f.kind), required, unit: text(f.unit), min: text(f.min), max: text(f.max), options });
      if (checked.ok) questions.push(checked.question);
      else {
        refused = true;
        for (const p of checked.problems) result.refusals.push({ where: qWhere, message: p.message });
      }
    });
    if (!refused) result.questionnaires.push({ title, description, tags, questions, where });
  });
  refuseDuplicates(result);
  return result;
}

/** Reads a chosen file: its refusal as a whole, or what it holds and what of it is refused. */
export function parseUpload(fileName: string, bytes: Uint8Array): UploadResult {
  const read = readUploadText(fileName, bytes);
  if ("fileError" in read) return read;
  return read.format === "json" ? parseJsonUpload(read.text) : parseCsvUpload(read.text);
}
