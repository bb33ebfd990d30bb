/**
 * Demo and national templates (issue "templates"): national message templates and the national
 * questionnaires (asthma review, hypertension review, smoking status, contraception pill review,
 * medication review), and a handful of each demo practice's own message templates and a questionnaire.
 */
import type { Tx } from "./client.server";
import { messageTemplates, questionnaires } from "./schema";
import type { QuestionDefinition } from "~/domain/templates/questions";

export const NATIONAL_TEMPLATES = [
  {
    title: "Book a routine appointment",
    body: "Dear {patient_name}, please book a routine appointment with us using this link: {booking_link}. Kind regards, {practice_name}",
    tags: ["appointments"],
  },
  {
    title: "Flu vaccination invitation",
    body: "Dear {patient_name}, you are eligible for a free flu vaccination this season. Book your appointment at {booking_link}. {practice_name}",
    tags: ["flu", "vaccination"],
  },
  {
    title: "Test results normal",
    body: "Dear {patient_name}, your recent test results have been reviewed by a clinician and are normal. No further action is needed. {practice_name}",
    tags: ["results"],
  },
  {
    title: "Prescription ready",
    body: "Dear {patient_name}, your prescription has been issued and sent to your nominated pharmacy. {practice_name}",
    tags: ["prescriptions"],
  },
];

const PRACTICE_TEMPLATES = [
  { title: "Please call the surgery", body: "Dear {patient_name}, please call {practice_name} to discuss your request with a member of the team.", tags: ["general"] },
  { title: "Fit note issued", body: "Dear {patient_name}, your fit note has been issued and can be collected from reception at {practice_name}.", tags: ["fit note"] },
  { title: "Blood test needed", body: "Dear {patient_name}, the doctor would like you to have a blood test. Please book it here: {booking_link}", tags: ["results", "appointments"] },
  { title: "Medication review due", body: "Dear {patient_name}, your medication review is due. Please book a telephone appointment: {booking_link}. {practice_name}", tags: ["medication"] },
  { title: "Request received", body: "Dear {patient_name}, thank you for your request. A member of the team at {practice_name} will reply within 2 working days.", tags: ["general"] },
];

/** Each demo practice's own questionnaire, beside the national ones. */
const PRACTICE_QUESTIONNAIRES: { title: string; description: string; tags: string[]; questions: QuestionDefinition[] }[] = [
  {
    title: "Minor illness follow-up",
    description: "How you are getting on since you last contacted us.",
    tags: ["follow-up"],
    questions: [
      {
        text: "How are you feeling now?",
        kind: "single_choice",
        required: true,
        options: [
          { value: "better", label: "Better" },
          { value: "same", label: "About the same" },
          { value: "worse", label: "Worse" },
        ],
      },
      { text: "What is your temperature?", kind: "number", required: false, unit: "°C", min: 34, max: 43 },
      { text: "When did your symptoms start?", kind: "date", required: false },
      { text: "Anything else you would like us to know?", kind: "free_text", required: false, maxLength: 1000 },
    ],
  },
];

const yesNo = (text: string, required = true): QuestionDefinition => ({ text, kind: "yes_no", required });

export const NATIONAL_QUESTIONNAIRES: { title: string; description: string; tags: string[]; questions: QuestionDefinition[] }[] = [
  {
    title: "Asthma review",
    description: "Your yearly asthma review: how your asthma has been over the last 4 weeks.",
    tags: ["asthma", "long-term conditions"],
    questions: [
      yesNo("In the last 4 weeks, have you had difficulty sleeping because of your asthma symptoms?"),
      yesNo("Have you had your usual asthma symptoms during the day (cough, wheeze, chest tightness or breathlessness)?"),
      yesNo("Has your asthma interfered with your usual activities (for example, housework, work or school)?"),
      { text: "How many times a week do you use your reliever inhaler?", kind: "number", required: true, unit: "times a week", min: 0, max: 100 },
      { text: "What is your best peak flow reading?", kind: "number", required: false, unit: "L/min", min: 50, max: 900 },
      { text: "Anything else you would like the nurse to know?", kind: "free_text", required: false, maxLength: 1000 },
    ],
  },
  {
    title: "Hypertension review",
    description: "Home blood pressure readings for your blood pressure review.",
    tags: ["blood pressure", "long-term conditions"],
    questions: [
      { text: "Top number (systolic)", kind: "number", required: true, unit: "mmHg", min: 50, max: 260 },
      { text: "Bottom number (diastolic)", kind: "number", required: true, unit: "mmHg", min: 30, max: 160 },
      { text: "When did you take this reading?", hint: "For example, 27 3 2026", kind: "date", required: true },
      yesNo("Are you taking your blood pressure medicines as prescribed?"),
      {
        text: "Have you had any of these?",
        kind: "multiple_choice",
        required: false,
        options: [
          { value: "dizziness", label: "Dizziness" },
          { value: "headaches", label: "Headaches" },
          { value: "swollen_ankles", label: "Swollen ankles" },
          { value: "none", label: "None of these" },
        ],
      },
    ],
  },
  {
    title: "Smoking status",
    description: "A few questions about smoking, to keep your record up to date.",
    tags: ["smoking"],
    questions: [
      {
        text: "Do you smoke?",
        kind: "single_choice",
        required: true,
        options: [
          { value: "never", label: "I have never smoked" },
          { value: "ex", label: "I used to smoke" },
          { value: "current", label: "I smoke" },
          { value: "vape", label: "I only vape" },
        ],
      },
      { text: "If you smoke, how many cigarettes a day?", kind: "number", required: false, unit: "a day", min: 0, max: 100 },
      yesNo("Would you like help to stop smoking?", false),
    ],
  },
  {
    title: "Contraception pill review",
    description: "Your contraceptive pill review, so we can issue your next prescription.",
    tags: ["contraception", "prescriptions"],
    questions: [
      { text: "Which pill do you take?", kind: "free_text", required: true, maxLength: 200 },
      { text: "Your weight", kind: "number", required: true, unit: "kg", min: 30, max: 300 },
      { text: "Your height", kind: "number", required: true, unit: "cm", min: 100, max: 250 },
      { text: "Your most recent blood pressure: top number", kind: "number", required: false, unit: "mmHg", min: 50, max: 260 },
      yesNo("Do you smoke?"),
      yesNo("Do you get migraines with aura (flashing lights or zig-zag lines)?"),
    ],
  },
  {
    title: "Medication review",
    description: "Questions about the medicines you take, before your medication review.",
    tags: ["medication", "prescriptions"],
    questions: [
      yesNo("Are you taking all your medicines as prescribed?"),
      yesNo("Do you have any side effects from your medicines?"),
      { text: "If you have side effects, tell us about them", kind: "free_text", required: false, maxLength: 1000 },
      { text: "Do you buy any medicines or supplements yourself?", kind: "free_text", required: false, maxLength: 500 },
      {
        text: "How do you get your medicines?",
        kind: "single_choice",
        required: true,
        options: [
          { value: "pharmacy", label: "From a pharmacy" },
          { value: "delivery", label: "Delivered" },
          { value: "dispensary", label: "From the surgery's dispensary" },
        ],
      },
    ],
  },
];

export async function seedTemplates(tx: Tx, options: { practiceIds: number[] }) {
  await tx.insert(messageTemplates).values(NATIONAL_TEMPLATES.map((t) => ({ ...t, practiceId: null })));
  await tx.insert(questionnaires).values(NATIONAL_QUESTIONNAIRES.map((q) => ({ ...q, practiceId: null })));
  for (const practiceId of options.practiceIds) {
    await tx.insert(messageTemplates).values(PRACTICE_TEMPLATES.map((t) => ({ ...t, practiceId })));
    await tx.insert(questionnaires).values(PRACTICE_QUESTIONNAIRES.map((q) => ({ ...q, practiceId })));
  }
}
