import { describe, expect, it } from "vitest";
import { TEMPLATE_MESSAGES } from "./placeholders";
import { QUESTION_MESSAGES } from "./questions";
import { parseCsv, parseUpload, UPLOAD_MAX_BYTES, UPLOAD_MAX_LINES, UPLOAD_MESSAGES as u, type UploadResult } from "./upload";

const bytes = (s: string) => new TextEncoder().encode(s);
const csv = (...lines: string[]) => parseUpload("import.csv", bytes(["type,title,text,tags,description,kind,required,unit,min,max,options,hint", ...lines].join("\r\n")));
const json = (value: unknown) => parseUpload("import.json", bytes(JSON.stringify(value)));
const refusals = (r: UploadResult) => ("fileError" in r ? r.fileError : r.refusals.map((x) => `${x.where}: ${x.message}`));

describe("reading an uploaded file", () => {
  it("refuses a file as a whole: empty, too large, not CSV or JSON, not text, bad JSON, wrong shape, no header, nothing in it", () => {
    expect(parseUpload("a.csv", new Uint8Array())).toEqual({ fileError: u.empty });
    expect(parseUpload("a.csv", new Uint8Array(UPLOAD_MAX_BYTES + 1).fill(65))).toEqual({ fileError: u.tooLarge });
    expect(parseUpload("a.xlsx", bytes("type,title"))).toEqual({ fileError: u.wrongType });
    expect(parseUpload("a.csv", new Uint8Array([0xff, 0xfe, 0x00]))).toEqual({ fileError: u.notText });
    expect(parseUpload("a.csv", bytes("type,title\u0000"))).toEqual({ fileError: u.notText });
    expect(parseUpload("a.json", bytes("{nope"))).toEqual({ fileError: u.badJson });
    expect(json([1, 2])).toEqual({ fileError: u.jsonShape });
    expect(json({ templates: "x" })).toEqual({ fileError: u.jsonShape });
    expect(json({})).toEqual({ fileError: u.nothing });
    expect(parseUpload("a.csv", bytes("title,type\ntemplate,x"))).toEqual({ fileError: u.header });
    expect(parseUpload("a.csv", bytes("type,title,colour\ntemplate,x,red"))).toEqual({ fileError: u.unknownColumn("colour") });
    expect(parseUpload("a.csv", bytes("type,title,text\n"))).toEqual({ fileError: u.nothing });
    expect(parseUpload("a.csv", bytes('type,title,text\ntemplate,x,"open'))).toEqual({ fileError: u.unclosedQuote(2) });
    expect(csv(...Array.from({ length: UPLOAD_MAX_LINES + 1 }, (_, i) => `template,T${i},Hello`))).toEqual({ fileError: u.tooManyLines });
  });

  it("parses quoted CSV values with commas, quotes and line breaks, numbering lines as the file has them", () => {
    expect(parseCsv('a,b\n"x, ""y""\nz",w\r\n\n1,2')).toEqual({
      records: [
        { line: 1, cells: ["a", "b"] },
        { line: 2, cells: ['x, "y"\nz', "w"] },
        { line: 5, cells: ["1", "2"] },
      ],
    });
  });

  it("reads templates and questionnaires from CSV: questions with one title make one questionnaire", () => {
    const r = csv(
      'template,Flu clinic,"Dear {patient_name}, book at {booking_link}","Flu, vaccination",,,,,,,,',
      "question,Knee pain,How bad is the pain?,physio,Before your appointment,number,yes,out of 10,0,10,,",
      "question,Knee pain,Which knee?,,,single_choice,yes,,,,Left|Right|Both,Choose one",
    );
    expect(r).toEqual({
      refusals: [],
      templates: [{ title: "Flu clinic", body: "Dear {patient_name}, book at {booking_link}", tags: ["flu", "vaccination"], where: "Line 2" }],
      questionnaires: [
        {
          title: "Knee pain",
          description: "Before your appointment",
          tags: ["physio"],
          where: "Line 3",
          questions: [
            { text: "How bad is the pain?", hint: null, kind: "number", required: true, unit: "out of 10", min: 0, max: 10, options: null },
            { text: "Which knee?", hint: "Choose one", kind: "single_choice", required: true, unit: null, min: null, max: null, options: [{ value: "left", label: "Left" }, { value: "right", label: "Right" }, { value: "both", label: "Both" }] },
          ],
        },
      ],
    });
  });

  it("refuses each bad CSV line with its reason, and a questionnaire with a bad question as a whole", () => {
    const r = csv(
      "memo,Hello,Hi",
      "template,,Hello",
      "template,No body,",
      "template,Unknown,Dear {first_name}",
      `template,Tags,Hello,"a,b,c,d,e,f"`,
      "template,Long," + "x".repeat(2001),
      "template,Twice,Hello",
      "template,twice,Hello again",
      "question,Review,Pick one,,,single_choice,yes,,,,Only,",
      "question,Review,How much?,,,number,,,ten,,,",
      "question,Review,When?,,,date,,kg,,,,",
      "question,Other,,,,yes_no,,,,,,",
      "question,Other,Which?,,,colour,,,,,,",
      "question,Range,Top,,,number,,,10,5,,",
      "question,Extra,Hi,,,yes_no,,,,,,,surplus",
      "question,,No title,,,yes_no,,,,,,",
    );
    expect(refusals(r)).toEqual([
      `Line 2: ${u.type}`,
      `Line 3: ${TEMPLATE_MESSAGES.title}`,
      `Line 4: ${TEMPLATE_MESSAGES.body}`,
      `Line 5: ${TEMPLATE_MESSAGES.unknownPlaceholder("first_name")}`,
      `Line 6: ${TEMPLATE_MESSAGES.tooManyTags}`,
      `Line 7: ${TEMPLATE_MESSAGES.bodyTooLong}`,
      `Line 9: ${u.duplicateInFile("template", "twice")}`,
      `Line 10: ${QUESTION_MESSAGES.options}`,
      `Line 11: ${QUESTION_MESSAGES.minNumber}`,
      `Line 12: ${QUESTION_MESSAGES.unitNotAllowed}`,
      `Line 13: ${QUESTION_MESSAGES.text}`,
      `Line 14: ${QUESTION_MESSAGES.kind}`,
      `Line 15: ${QUESTION_MESSAGES.range}`,
      `Line 16: ${u.extraCells}`,
      `Line 17: ${u.title}`,
    ]);
    expect("fileError" in r ? [] : r.templates.map((t) => t.title)).toEqual(["Twice"]);
    expect("fileError" in r ? [] : r.questionnaires).toEqual([]);
  });

  it("refuses a questionnaire of more than 30 questions, or with a bad title or tags", () => {
    const many = Array.from({ length: 31 }, (_, i) => `question,Big,Q${i},,,yes_no,,,,,,`);
    expect(refusals(csv(...many))).toEqual([`Line 32: ${u.tooManyQuestions}`]);
    expect(refusals(csv(`question,${"x".repeat(101)},Q,,,yes_no,,,,,,`))).toEqual([`Line 2: ${u.titleTooLong}`]);
    expect(refusals(csv(`question,T,Q,<b>,,yes_no,,,,,,`))).toEqual([`Line 2: ${TEMPLATE_MESSAGES.tagCharacters}`]);
  });

  it("reads JSON, naming each refused item by its place", () => {
    const r = json({
      templates: [{ title: "Flu", body: "Hello {patient_name}", tags: ["flu"] }, { title: "", body: "x" }, "nope"],
      questionnaires: [
        { title: "Knee", questions: [{ text: "Pain?", kind: "number", required: true, min: 0, max: 10 }, { text: "Which?", kind: "single_choice", options: ["Left"] }] },
        { title: "Empty", questions: [] },
        { title: "Fine", description: "d", tags: "a, b", questions: [{ text: "OK?", kind: "yes_no", required: false }, 7] },
        { title: "Good", questions: [{ text: "Which?", kind: "multiple_choice", options: [{ label: "A" }, "B"] }] },
      ],
    });
    expect(refusals(r)).toEqual([
      `Template 2: ${TEMPLATE_MESSAGES.title}`,
      `Template 3: ${u.notObject}`,
      `Questionnaire 1, question 2: ${QUESTION_MESSAGES.options}`,
      `Questionnaire 2: ${QUESTION_MESSAGES.none}`,
      `Questionnaire 3, question 2: ${u.notObject}`,
    ]);
    if (!("fileError" in r)) {
      expect(r.templates.map((t) => t.title)).toEqual(["Flu"]);
      expect(r.questionnaires.map((q) => [q.title, q.questions.map((x) => x.options?.map((o) => o.label))])).toEqual([["Good", [["A", "B"]]]]);
    }
  });
});
