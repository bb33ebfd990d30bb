/**
 * The training videos on /videos (spec 3 §2): what each covers, how long it is, and its full
 * transcript. The transcript is the video's words, so the page is complete without the video
 * (screen readers, a practice PC without sound, a network that blocks video hosts).
 */
export type TrainingVideo = {
  id: string;
  title: string;
  /** Minutes and seconds, as shown beside the title. */
  duration: string;
  audience: string;
  description: string;
  transcript: string[];
};

export const TRAINING_VIDEOS: readonly TrainingVideo[] = [
  {
    id: "inbox-tour",
    title: "A tour of the inboxes",
    duration: "6:40",
    audience: "GPs and receptionists",
    description: "Where new requests arrive, what each inbox view shows, and how the unread bubble and the new-message alert work.",
    transcript: [
      "When you sign in you land on your practice's inboxes. Every request a patient sends arrives in Unassigned: nothing is lost or sent to one person's e-mail.",
      "Along the top are the views. Unassigned holds new requests nobody has picked up. My Inbox holds requests assigned to you. Awaiting Response holds requests where you have asked the patient a question and are waiting for their reply. Completed and Rejected keep finished requests for reference, and All shows everything.",
      "The number in the red bubble next to Inboxes is the count of requests waiting in Unassigned and in your own inbox. It refreshes on its own every 30 seconds. When it goes up, a 'New message!' notice appears so you do not have to keep reloading.",
      "Open a request by selecting the patient's name. You will see the patient's details, their answers, any photos or documents they attached and the history of what has happened so far.",
      "To finish, use the search box to find a request by name, date of birth or words in the request. That is the tour: next, watch 'Triage a request in five steps'.",
    ],
  },
  {
    id: "triage-five-steps",
    title: "Triage a request in five steps",
    duration: "8:15",
    audience: "GPs and receptionists",
    description: "Read, set urgency, assign, act and complete: the routine for every request, with examples of admin and clinical requests.",
    transcript: [
      "Step one: read the whole request. Patients answer questions about their problem, how long they have had it and what they would like to happen. Check the answers and any attachments before deciding anything.",
      "Step two: set the urgency. Anything that sounds like an emergency should never wait in the inbox: patients who report red-flag symptoms are told on screen to call 999 or 111 before they can send, but if you see something urgent, phone the patient straight away.",
      "Step three: assign it. Reception can deal with many admin requests themselves, such as fit notes that a GP has already agreed, test results that have been filed as normal, or registration questions. Clinical requests go to the right clinician's inbox: a GP, nurse, pharmacist or physiotherapist, following your practice's own triage protocol.",
      "Step four: act. Reply to the patient with a message, ask them a question, which moves the request to Awaiting Response, or book them an appointment. Add a note so colleagues can see what you did and why.",
      "Step five: complete the request. The patient is told it has been dealt with. If you complete something by mistake, use Undo. Practices that work this way every day usually clear routine requests within two working days, and tell patients that on their website.",
    ],
  },
  {
    id: "replying-to-patients",
    title: "Replying to patients and asking questions",
    duration: "5:30",
    audience: "GPs and receptionists",
    description: "Writing replies patients understand, using message templates, asking for photos, and what the patient sees.",
    transcript: [
      "Patients read your replies on their phone, often in a hurry. Keep messages short, say what happens next, and avoid abbreviations: write 'blood test' rather than 'FBC'.",
      "Message templates save time for replies you send often, such as 'your prescription is ready' or 'please book a blood test'. Choose a template and edit it before sending: every template can be changed for the patient in front of you.",
      "If you need more information, ask a question. The patient gets a text or e-mail saying there is a message from the practice, and the request moves to Awaiting Response until they reply. You can ask for a photo, for example of a rash, and it arrives attached to the same request.",
      "Patients see the name you have chosen as your patient-facing name, not necessarily your full name. Staff and the audit trail always see your real name.",
    ],
  },
  {
    id: "patients-and-carers",
    title: "Patients, carers and people without a smartphone",
    duration: "7:05",
    audience: "GPs, receptionists and practice admins",
    description: "Finding a patient, approving a carer to act for someone, and making a request on behalf of a patient who phones in.",
    transcript: [
      "The Patients page lists everyone registered with the practice who has used the service, and the patients you have added yourselves. Search by name or date of birth.",
      "Carers can ask to act for someone they look after: a parent for a child under 16, or someone an adult patient has agreed can help them. These requests wait in the Carer requests inbox. Check that the carer really does care for the patient, for example against your records or by phoning the patient, then approve or decline with a reason. Until you approve, the carer sees nothing about the patient.",
      "Not everyone can use a smartphone or computer. When a patient phones or walks in, reception can make the request for them from the patient's page, asking the same questions online patients answer. The request goes through the same inbox and triage as every other, so phone and online patients are treated the same way.",
    ],
  },
  {
    id: "practice-admin-setup",
    title: "Setting up your practice as practice administrator",
    duration: "9:20",
    audience: "Practice admins",
    description: "Opening hours, request settings, inviting staff, switching features on, and keeping online consultation open in core hours.",
    transcript: [
      "As practice administrator you look after the practice's settings. Start on My Practices and choose your practice.",
      "First check the opening hours for each weekday. Patients see these, and they decide when the practice is shown as open.",
      "Next, invite your staff. Enter each person's NHS e-mail address and their role: GP, receptionist or practice admin. They receive an e-mail with a link to create their account. Invitations expire, and you can resend or cancel them from the same page.",
      "Switch on the features you want: online requests are always on; appointments, repeat prescriptions, video consultations, bulk messaging and notifications can each be turned on when your team is ready. Some features need you to agree to their terms first.",
      "Practices in England must keep online consultation open for non-urgent requests from 8am to 6:30pm, Monday to Friday, from October 2025. The settings page will not let you set hours or caps that close it earlier, except as a recorded exceptional closure, for example during a power cut, with a reason and the dates it applies.",
      "If your practice uses SystmOne, set up the TPP desktop agent too: the 'Setting up the TPP desktop agent' video shows how.",
    ],
  },
  {
    id: "tpp-desktop-agent",
    title: "Setting up the TPP desktop agent",
    duration: "4:45",
    audience: "Practice admins of SystmOne practices, and their IT support",
    description: "Naming the TPP Gateway machine, copying the agent key, and reading the status: linked, SystmOne not logged in, agent not running.",
    transcript: [
      "SystmOne practices need the desktop agent on their TPP Gateway machine. The agent passes requests between this service and SystmOne.",
      "Open Desktop agent from the menu. Enter the Gateway machine's name, which you can find on that machine under Settings, System, About, Device name, and select 'Save and create the agent key'.",
      "The page shows the agent key once. Copy it and paste it into the agent on the Gateway machine straight away: it cannot be shown again. If it is lost, create a new key from the same page; the old key stops working at once.",
      "The status shows Linked only when the agent is connected and SystmOne is running and logged in. If it says 'Please check that SystmOne is running and logged in on the TPP Gateway machine', log SystmOne back in on that machine. If it says the agent is not running, start the agent, or ask your IT support to check the machine is switched on and online.",
      "The status updates on its own every five minutes while the page is open, and every time you reload it.",
    ],
  },
];
