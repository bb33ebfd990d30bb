/**
 * One pg-core schema for PGlite (embedded) and PostgreSQL. Names follow the spec
 * (url_code, roles_at_practice, idle_timeout...). Migrations in drizzle/ are generated
 * from this file by drizzle-kit; never edit the database by hand.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** A full-text document (PostgreSQL tsvector), written by SQL only: read back as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const ehrType = pgEnum("ehr_type", ["emis", "tpp"]);
export const practiceRole = pgEnum("practice_role", ["gp", "receptionist", "practice_admin"]);
export const globalRole = pgEnum("global_role", ["admin", "advanced", "ccg_admin", "carer_user"]);
export const gender = pgEnum("gender", ["female", "male", "not_specified"]);
export const weekday = pgEnum("weekday", [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
]);
export const bannerType = pgEnum("banner_type", ["information", "warning"]);
export const practiceCountry = pgEnum("practice_country", ["england", "wales", "scotland", "northern_ireland"]);

/** Regional groups (CCGs / ICBs); ccg_admin users belong to one. */
export const ccgs = pgTable("ccgs", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const practices = pgTable(
  "practices",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** The practice code that appears in URLs. Letters and digits only (spec 1 §5). */
    urlCode: text("url_code").notNull(),
    odsCode: text("ods_code"),
    ccgId: integer("ccg_id").references(() => ccgs.id),
    addressLine1: text("address_line_1"),
    town: text("town"),
    postcode: text("postcode"),
    phone: text("phone"),
    allowVideo: boolean("allow_video").notNull().default(false),
    notificationSetting: boolean("notification_setting").notNull().default(false),
    groupChatSetting: boolean("group_chat_setting").notNull().default(false),
    ssoSetting: boolean("sso_setting").notNull().default(false),
    tabsSetting: boolean("tabs_setting").notNull().default(false),
    /** Completing a request files it to the GP record with its SNOMED codes (spec 3 §7 autofiling; decision 0133). */
    autofileOnCompletion: boolean("autofile_on_completion").notNull().default(false),
    mfaEnabled: boolean("mfa_enabled").notNull().default(false),
    ehrType: ehrType("ehr_type").notNull().default("emis"),
    pfsEhrType: ehrType("pfs_ehr_type"),
    hasDocmanGuid: boolean("has_docman_guid").notNull().default(false),
    /** Staff idle logout in minutes; null means staff are never logged out for idleness. */
    idleTimeout: integer("idle_timeout"),
    bulkMessagingEnabled: boolean("bulk_messaging_enabled").notNull().default(false),
    translationGp: boolean("translation_gp").notNull().default(false),
    translationPatient: boolean("translation_patient").notNull().default(false),
    patientMyHealthEnabled: boolean("patient_my_health_enabled").notNull().default(false),
    reportsEnabled: boolean("reports_enabled").notNull().default(true),
    // Patient-facing settings (spec 1 §3).
    patientViewEnabled: boolean("patient_view_enabled").notNull().default(false),
    linkageEnabled: boolean("linkage_enabled").notNull().default(false),
    appointmentsEnabled: boolean("appointments_enabled").notNull().default(false),
    prescriptionsEnabled: boolean("prescriptions_enabled").notNull().default(false),
    /** Daily cap on submitted requests; null means no cap. */
    dailyRequestLimit: integer("daily_request_limit"),
    /** The practice switched requests off for the rest of this date (Europe/London). */
    requestsClosedOn: date("requests_closed_on"),
    /** Accept requests only while the practice is open (otherwise at any time, answered when open). */
    requestsInOpeningHoursOnly: boolean("requests_in_opening_hours_only").notNull().default(false),
    /** A patient's reply goes back to the unassigned inbox (otherwise to the request's assignee). */
    patientReplyToUnassigned: boolean("patient_reply_to_unassigned").notNull().default(false),
    // ---- Administration (issue "administration") ----
    /** Which NHS rules apply: England's core-hours rule for online consultation (decision 0074). */
    country: practiceCountry("country").notNull().default("england"),
    /**
     * Core-hours compliance mode: the settings refuse hours or caps that would close online
     * consultation inside 08:00–18:30 on weekdays, except as a recorded exceptional closure.
     * On by default for England; a system admin may turn it off for a practice outside England.
     */
    coreHoursCompliance: boolean("core_hours_compliance").notNull().default(true),
    /** The practice's own words shown on the patient pages when requests are capped or closed. */
    demandMessage: text("demand_message"),
    /** Staff see patient feedback without the patient's name (spec 3: feedback anonymisation). */
    anonymiseFeedback: boolean("anonymise_feedback").notNull().default(false),
    /** Set when a practice admin confirms the practice's setup (spec 3 §7 setup/confirmation). */
    setupConfirmedAt: timestamp("setup_confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("practices_url_code_key").on(sql`lower(${t.urlCode})`),
    check("practices_url_code_format", sql`${t.urlCode} ~ '^[A-Za-z0-9]+$'`),
    check("practices_idle_timeout_positive", sql`${t.idleTimeout} is null or ${t.idleTimeout} > 1`),
  ],
);

/**
 * Codes a practice was addressed by before a system admin changed its url code (decision 0152):
 * links in SMS and e-mails, bookmarks and posters that carry one are sent on to the current code.
 * Unique whatever the case, as practices.url_code; a practice's current code always wins over
 * another's former one, and taking a code back removes it from here.
 */
export const practiceFormerUrlCodes = pgTable(
  "practice_former_url_codes",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    urlCode: text("url_code").notNull(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("practice_former_url_codes_url_code_key").on(sql`lower(${t.urlCode})`),
    index("practice_former_url_codes_practice_idx").on(t.practiceId),
    check("practice_former_url_codes_format", sql`${t.urlCode} ~ '^[A-Za-z0-9]+$'`),
  ],
);

/** Opening hours per weekday, in the practice's local time (Europe/London). */
export const openingHours = pgTable(
  "opening_hours",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    day: weekday("day").notNull(),
    localOpeningTime: time("local_opening_time"),
    localClosingTime: time("local_closing_time"),
    closed: boolean("closed").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.practiceId, t.day] }),
    check(
      "opening_hours_times",
      sql`${t.closed} or (${t.localOpeningTime} is not null and ${t.localClosingTime} is not null and ${t.localOpeningTime} < ${t.localClosingTime})`,
    ),
  ],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Shown to patients instead of the real name; staff and audit see the real name. */
    patientFacingName: text("patient_facing_name"),
    mobile: text("mobile"),
    /** scrypt hash in PHC-like form; null for accounts that cannot sign in with a password (guests). */
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    isGuestAccount: boolean("is_guest_account").notNull().default(false),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    ccgId: integer("ccg_id").references(() => ccgs.id),
    /** The practice the account was made at: where a carer without a record of their own asks for dependents. */
    homePracticeId: integer("home_practice_id").references((): AnyPgColumn => practices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

/** Roles that are not tied to one practice. */
export const userGlobalRoles = pgTable(
  "user_global_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: globalRole("role").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** roles_at_practice: gp, receptionist (staff) and practice_admin, per practice. */
export const practiceMemberships = pgTable(
  "practice_memberships",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    role: practiceRole("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.practiceId, t.role] }),
    index("practice_memberships_practice_idx").on(t.practiceId, t.role),
  ],
);

/**
 * A patient registered at a practice. A patient may have a user account (patients,
 * NHS-login patients), or none (non-digital patients and dependents of a carer).
 */
export const patients = pgTable(
  "patients",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dateOfBirth: date("date_of_birth").notNull(),
    nhsNumber: text("nhs_number"),
    gender: gender("gender"),
    email: text("email"),
    mobile: text("mobile"),
    phone: text("phone"),
    addressLine1: text("address_line_1"),
    town: text("town"),
    postcode: text("postcode"),
    nonDigital: boolean("non_digital").notNull().default(false),
    /** Set while this record is merged into another (patient_merges); hidden from staff lists until undone. */
    mergedIntoPatientId: integer("merged_into_patient_id").references((): AnyPgColumn => patients.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("patients_practice_name_idx").on(t.practiceId, t.lastName, t.firstName),
    // The staff patient list's order and keyset (patient-directory.server.ts), and the
    // name-prefix search: text_pattern_ops so `lower(name) like 'abc%'` is an index range
    // whatever the database collation (docs/decisions/0060-inbox-indexes.md).
    index("patients_practice_sort_idx").on(t.practiceId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index("patients_practice_last_prefix_idx").on(t.practiceId, sql`lower(${t.lastName}) text_pattern_ops`),
    index("patients_practice_first_prefix_idx").on(t.practiceId, sql`lower(${t.firstName}) text_pattern_ops`),
    index("patients_practice_dob_idx").on(t.practiceId, t.dateOfBirth),
    uniqueIndex("patients_practice_nhs_number_key").on(t.practiceId, t.nhsNumber),
    uniqueIndex("patients_user_practice_key").on(t.userId, t.practiceId),
    check("patients_nhs_number_format", sql`${t.nhsNumber} is null or ${t.nhsNumber} ~ '^[0-9]{10}$'`),
  ],
);

/**
 * A carer's link to someone they care for (proxy access). A link made by a carer is pending
 * until staff at the dependent's practice approve it; only an approved link gives access
 * (docs/decisions/0070-proxy-approval-and-guest-scope.md).
 */
export const proxyLinkStatus = pgEnum("proxy_link_status", ["pending", "approved", "declined", "removed"]);
/** The two cases a practice approves: a child under 16, or an adult who consents. */
export const proxyLinkReason = pgEnum("proxy_link_reason", ["under_16", "adult_consents"]);

/** A carer (carer_user) acts for the people they care for (proxy users / dependents). */
export const carerDependents = pgTable(
  "carer_dependents",
  {
    id: serial("id").primaryKey(),
    carerUserId: integer("carer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    relationship: text("relationship"),
    status: proxyLinkStatus("status").notNull().default("pending"),
    reason: proxyLinkReason("reason"),
    /** Staff who approved, declined or removed the link, when, and the reason they gave. */
    decidedByUserId: integer("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("carer_dependents_pair_key").on(t.carerUserId, t.patientId),
    // The practice's queue of links waiting for a decision (joined through patients).
    index("carer_dependents_pending_idx").on(t.patientId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Global settings: a single row (id = 1). */
export const globalSettings = pgTable(
  "global_settings",
  {
    id: integer("id").primaryKey().default(1),
    showFutureVideoConsultations: boolean("show_future_video_consultations").notNull().default(false),
    showUrgencyAiMessages: boolean("show_urgency_ai_messages").notNull().default(false),
    showFutureVideoSchedules: boolean("show_future_video_schedules").notNull().default(false),
    useAhaFeedbackLink: boolean("use_aha_feedback_link").notNull().default(false),
    ahaFeedbackLinkUrl: text("aha_feedback_link_url"),
    maximumPatientAge: integer("maximum_patient_age").notNull().default(111),
    /** Requests are accepted between these local times (spec 1 §9 rounds them to the hour). */
    allowedTimeStart: time("allowed_time_start"),
    allowedTimeEnd: time("allowed_time_end"),
    trustpilotFrequency: text("trustpilot_frequency").notNull().default("0.1"),
    trustpilotRating: integer("trustpilot_rating").notNull().default(4),
    trustpilotUrl: text("trustpilot_url").notNull().default("https://uk.trustpilot.com/evaluate/frontdoor"),
    fftLinkExpiry: integer("fft_link_expiry"),
    showCounsellingServices: boolean("show_counselling_services").notNull().default(false),
    /** Licence links (spec 1 §3). */
    patientLicenceUrl: text("patient_licence_url"),
    staffLicenceUrl: text("staff_licence_url"),
    researchProjectsUrl: text("research_projects_url"),
    /** Health hub link: Home in the public bar and the logout destination when set. */
    healthHubUrl: text("health_hub_url"),
    /** Video consultations on or off for every practice (spec 3 §6 video guard). */
    videoEnabled: boolean("video_enabled").notNull().default(true),
    /** Maintenance mode: everyone but system admins sees the maintenance page. */
    maintenanceMode: boolean("maintenance_mode").notNull().default(false),
    maintenanceMessage: text("maintenance_message"),
    updatedAt: updatedAt(),
  },
  (t) => [check("global_settings_single_row", sql`${t.id} = 1`)],
);

/** The maintenance banner: at most one active. */
export const maintenanceBanners = pgTable("maintenance_banners", {
  id: serial("id").primaryKey(),
  text: text("text").notNull(),
  type: bannerType("type").notNull().default("information"),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

/** Global notices written by the system admin (spec 1 §7 /notices/global). */
export const notices = pgTable(
  "notices",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    lang: text("lang").notNull().default("en"),
    /** Welsh text, optional: shown instead of the English to a reader who chose Welsh. */
    welshTitle: text("welsh_title"),
    welshBody: text("welsh_body"),
    active: boolean("active").notNull().default(true),
    /** Shown from/until (null: from now / without end). */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("notices_period", sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.startsAt} < ${t.endsAt}`)],
);

/** A signed-in user dismissed a notice (anonymous readers dismiss with a cookie). */
export const noticeDismissals = pgTable(
  "notice_dismissals",
  {
    noticeId: integer("notice_id")
      .notNull()
      .references(() => notices.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

/** Suggestion feedback from the suggestion modal/page. */
export const suggestions = pgTable("suggestions", {
  id: serial("id").primaryKey(),
  comment: text("comment").notNull(),
  feedbackFor: text("feedback_for").notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /** Which page the suggestion was sent from (path only, never a query string). */
  fromPath: text("from_path"),
  createdAt: createdAt(),
});

/**
 * Signed-in sessions. The cookie carries only an opaque id; the row stores its SHA-256
 * so a database leak does not hand out live sessions.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The practice the user is acting at (for staff idle timeout and the header). */
    practiceId: integer("practice_id").references(() => practices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the password (or MFA) was last proven: drives the "fresh" guard. */
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    /** Signed in through NHS login: the proofing level ("P9" full, "P5" basic); null otherwise. */
    nhsLoginLevel: text("nhs_login_level"),
    /** The NHS login id_token, kept only as the hint that ends the NHS login session at logout. */
    nhsLoginIdToken: text("nhs_login_id_token"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use tokens: e-mail validation, password reset, staff invitations, magic links. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    practiceId: integer("practice_id").references(() => practices.id, { onDelete: "cascade" }),
    email: text("email"),
    /** What the token lets its holder do (for magic links: the request it is scoped to). */
    scope: jsonb("scope"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Checks made against the token (a magic link's date of birth), counted before each check. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_key").on(t.tokenHash)],
);

/** MFA settings per user (spec 2 §3). */
export const mfaSettings = pgTable("mfa_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mfaType: text("mfa_type").notNull(),
  enabled: boolean("enabled").notNull().default(false),
  smsMobileNumber: text("sms_mobile_number"),
  totpSecret: text("totp_secret"),
  /** Last TOTP time step accepted, so a code cannot be replayed. */
  lastTotpStep: integer("last_totp_step"),
  smsCodeHash: text("sms_code_hash"),
  smsCodeExpiresAt: timestamp("sms_code_expires_at", { withTimezone: true }),
  updatedAt: updatedAt(),
});


/** Outbox of e-mails, SMS and NHS App messages written by the default Notifier. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    template: text("template").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    personalisation: jsonb("personalisation"),
    createdAt: createdAt(),
    /** The sender's idempotency key (bulk messages): one row per key, so a retried send writes nothing. */
    reference: text("reference"),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt), uniqueIndex("outbox_reference_key").on(t.reference)],
);

/**
 * GOV.UK Notify sends that failed for a while (no answer, 429, 5xx), tried again by the
 * notify-retries job until sent or a day old (decision 0153). A row holds the (sealed) recipient
 * and personalisation only while its message waits: sent or given up, it is deleted.
 */
export const notifyRetries = pgTable(
  "notify_retries",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    template: text("template").notNull(),
    /**
     * The recipient and the personalisation (sign-in links carry tokens), sealed with AES-256-GCM
     * under a key derived from SESSION_SECRET: a copy of the database alone does not open them.
     */
    sealed: text("sealed").notNull(),
    /** Notify's reference of every attempt: one message, one reference, so Notify can be asked whether it has it. */
    reference: text("reference").notNull(),
    attempts: integer("attempts").notNull(),
    /** The last attempt got no answer, so Notify may hold the message: ask it before sending again. */
    unanswered: boolean("unanswered").notNull(),
    /** The last failure, by status and Notify's error type only (never the recipient or the values). */
    failure: text("failure").notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("notify_retries_due_idx").on(t.nextAttemptAt), uniqueIndex("notify_retries_reference_key").on(t.reference)],
);

/** Who did what, when. Staff access to patient data is always recorded. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    practiceId: integer("practice_id").references(() => practices.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_subject_idx").on(t.subjectType, t.subjectId),
    index("audit_events_actor_idx").on(t.actorUserId, t.createdAt),
  ],
);

// ---- Requests: patient entries, their triage questions, answers, files and messages (issue 4) ----

/** Clinical requests pass the emergency screen; admin ones (fit note, letter, test results) do not. */
export const issueKind = pgEnum("issue_kind", ["clinical", "admin"]);
export const questionKind = pgEnum("question_kind", [
  "free_text",
  "number",
  "single_choice",
  "multiple_choice",
  "date",
  "yes_no",
]);
/**
 * Where a request is (spec 2 §4): created (a draft the patient is still writing), submitted
 * (with the practice), completed, rejected, cancelled. "Awaiting patient reply" is a flag on a
 * submitted request, and deletion is soft (deleted_at), so staff lists can filter on both.
 */
export const entryStage = pgEnum("entry_stage", ["created", "submitted", "completed", "rejected", "cancelled"]);

/** Issue types a request can be about. Ids are stable: the spec names type 4 (administrative). */
export const issueTypes = pgTable("issue_types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  hint: text("hint"),
  kind: issueKind("kind").notNull(),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/**
 * Triage questions, as data: each issue type has pages (1, 2, ...) of one or a few questions.
 * Page 0 of a clinical type is the emergency screen: an answer in `emergency_values` stops the
 * request and shows the emergency page instead.
 */
export const questions = pgTable(
  "questions",
  {
    id: serial("id").primaryKey(),
    issueTypeId: integer("issue_type_id")
      .notNull()
      .references(() => issueTypes.id),
    page: integer("page").notNull(),
    position: integer("position").notNull().default(0),
    text: text("text").notNull(),
    hint: text("hint"),
    kind: questionKind("kind").notNull(),
    required: boolean("required").notNull().default(true),
    /** free_text: the most characters accepted (tags stripped, spec 2 §5). */
    maxLength: integer("max_length"),
    /** number: inclusive bounds. */
    minValue: integer("min_value"),
    maxValue: integer("max_value"),
    /** single_choice / multiple_choice: [{ value, label }]. */
    options: jsonb("options").$type<{ value: string; label: string }[]>(),
    /** Option values that mean "call 999 now" (the emergency screen). */
    emergencyValues: jsonb("emergency_values").$type<string[]>(),
    /** Whether this page may carry attachments (the "photos or documents" page). */
    allowsAttachments: boolean("allows_attachments").notNull().default(false),
    lang: text("lang").notNull().default("en"),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("questions_issue_type_page_idx").on(t.issueTypeId, t.page, t.position)],
);

/** Signposting: an answer that a pharmacy or another service can handle better. */
export const signpostingRules = pgTable("signposting_rules", {
  id: serial("id").primaryKey(),
  questionId: integer("question_id")
    .notNull()
    .references(() => questions.id, { onDelete: "cascade" }),
  /** The answer value (single choice) or option (multiple choice) that triggers the rule. */
  matchValue: text("match_value").notNull(),
  title: text("title").notNull(),
  advice: text("advice").notNull(),
  serviceName: text("service_name"),
  serviceUrl: text("service_url"),
});

/** A request (patient entry): made by a user for a patient (themself, a dependent, or by staff). */
export const patientEntries = pgTable(
  "patient_entries",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id),
    /** Who the request is about. */
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    /** Who wrote it: the patient, their carer, a guest, or a staff member on their behalf. */
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id),
    requester: text("requester").notNull().default("myself"),
    issueTypeId: integer("issue_type_id")
      .notNull()
      .references(() => issueTypes.id),
    stage: entryStage("stage").notNull().default("created"),
    awaitingPatientReply: boolean("awaiting_patient_reply").notNull().default(false),
    lang: text("lang").notNull().default("en"),
    /** The 30-minute limit runs from here (spec 2 §4 request session), kept on the server. */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /**
     * Where the request was sent from: "web" (this site in a browser) or "nhs_app" (inside the
     * NHS App webview). Reports count "submitted by NHS App" from it; a reply may go back
     * through the NHS App channel.
     */
    submittedVia: text("submitted_via").notNull().default("web"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Why a draft ended without reaching the practice: cancelled, timeout, emergency. */
    closedReason: text("closed_reason"),
    emergencyConfirmedAt: timestamp("emergency_confirmed_at", { withTimezone: true }),
    signpostRuleId: integer("signpost_rule_id").references(() => signpostingRules.id, { onDelete: "set null" }),
    signpostedAt: timestamp("signposted_at", { withTimezone: true }),
    /** The patient chose to continue after signposting advice. */
    signpostContinuedAt: timestamp("signpost_continued_at", { withTimezone: true }),
    confirmed: boolean("confirmed").notNull().default(false),
    urgencyId: integer("urgency_id"),
    assignedToId: integer("assigned_to_id").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Bumped by every staff change: optimistic concurrency for two people on one request. */
    version: integer("version").notNull().default(0),
    /** The request's written answers for the inbox search (request-text.server.ts), set when it is sent. */
    searchDocument: tsvector("search_document"),
    /** Staff triage (spec 3 §7 Triage; app/domain/inbox/triage.ts): the latest, with history in entry_events. */
    triageDifficulty: text("triage_difficulty"),
    triageRole: text("triage_role"),
    triageActions: jsonb("triage_actions").$type<string[]>(),
    triageTopics: jsonb("triage_topics").$type<string[]>(),
    /** A long-term-condition request (a triage topic): the inboxes' hide-long-term-conditions filter. */
    longTermCondition: boolean("long_term_condition").notNull().default(false),
    reviewDate: date("review_date"),
    /** Filed (autofiled) to the GP system as a consultation: when and by whom. */
    filedAt: timestamp("filed_at", { withTimezone: true }),
    filedByUserId: integer("filed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Filed by the practice's automatic filing on completion, not by a person (decision 0133). */
    filedAutomatically: boolean("filed_automatically").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("patient_entries_patient_idx").on(t.patientId, t.createdAt),
    index("patient_entries_creator_idx").on(t.createdByUserId, t.createdAt),
    index("patient_entries_practice_stage_idx").on(t.practiceId, t.stage, t.submittedAt),
    // One partial index per inbox shape (inbox-queries.server.ts), each ending in
    // (submitted_at, id): a page is one index range, first or ten-thousandth row alike.
    // Predicates match the queries word for word so the planner can prove them.
    index("patient_entries_inbox_all_idx")
      .on(t.practiceId, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null`),
    index("patient_entries_inbox_stage_idx")
      .on(t.practiceId, t.stage, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null`),
    // Unassigned apart from personal: `assigned_to_id is null` is not an equality, so an index
    // led by assigned_to_id could not give the unassigned inbox its order.
    index("patient_entries_inbox_unassigned_idx")
      .on(t.practiceId, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null and ${t.stage} = 'submitted' and ${t.awaitingPatientReply} = false and ${t.assignedToId} is null`),
    index("patient_entries_inbox_unassigned_urgency_idx")
      .on(t.practiceId, sql`(-coalesce(${t.urgencyId}, 0))`, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null and ${t.stage} = 'submitted' and ${t.awaitingPatientReply} = false and ${t.assignedToId} is null`),
    index("patient_entries_inbox_personal_idx")
      .on(t.practiceId, t.assignedToId, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null and ${t.stage} = 'submitted' and ${t.awaitingPatientReply} = false`),
    index("patient_entries_inbox_personal_urgency_idx")
      .on(t.practiceId, t.assignedToId, sql`(-coalesce(${t.urgencyId}, 0))`, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null and ${t.stage} = 'submitted' and ${t.awaitingPatientReply} = false`),
    index("patient_entries_inbox_awaiting_idx")
      .on(t.practiceId, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null and ${t.stage} = 'submitted' and ${t.awaitingPatientReply} = true`),
    index("patient_entries_inbox_issue_type_idx")
      .on(t.practiceId, t.issueTypeId, t.submittedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null and ${t.stage} = 'submitted'`),
    // The inbox search's "text of the request": one practice's matching requests straight from the
    // index (btree_gin puts practice_id in it), not every practice's (decision 0064).
    index("patient_entries_search_idx")
      .using("gin", t.practiceId, t.searchDocument)
      .where(sql`${t.deletedAt} is null and ${t.submittedAt} is not null`),
    // The rollup finds the hour's closings by closed_at (decision 0119): without this it read every request.
    index("patient_entries_closed_idx")
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    check("patient_entries_requester", sql`${t.requester} in ('myself', 'dependent', 'staff')`),
  ],
);

/** One answer per question per request, saved at each step with the language it was given in. */
export const answers = pgTable(
  "answers",
  {
    id: serial("id").primaryKey(),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    /** As typed: text, number or ISO date as a string; the chosen values for multiple choice. */
    answer: jsonb("answer").$type<string | string[]>().notNull(),
    lang: text("lang").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("answers_entry_question_key").on(t.patientEntryId, t.questionId)],
);

/** The conversation of a request: messages from the practice and the patient's replies. */
export const entryMessages = pgTable(
  "entry_messages",
  {
    id: serial("id").primaryKey(),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    /** patient (the patient, their carer or a token holder) or staff. */
    authorRole: text("author_role").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("entry_messages_entry_idx").on(t.patientEntryId, t.createdAt),
    // The report rollup finds each hour's staff messages by time (decision 0119).
    index("entry_messages_staff_created_idx")
      .on(t.createdAt)
      .where(sql`${t.authorRole} = 'staff'`),
    check("entry_messages_author_role", sql`${t.authorRole} in ('patient', 'staff')`),
  ],
);

/** Uploaded files (spec 2 §3): bytes live in the FileStore under file_key; this is the record. */
export const entryFiles = pgTable(
  "entry_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    /** Set when the file came with a chat reply rather than with the request's answers. */
    messageId: integer("message_id").references(() => entryMessages.id, { onDelete: "set null" }),
    fileKey: text("file_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sensitive: boolean("sensitive").notNull().default(false),
    uploadedByUserId: integer("uploaded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("entry_files_entry_idx").on(t.patientEntryId),
    check("entry_files_content_type", sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
  ],
);

/**
 * Submitted requests per practice per day (Europe/London), kept in step with submissions so
 * the daily cap is one conditional update, not a count over the requests table.
 */
export const practiceDailySubmissions = pgTable(
  "practice_daily_submissions",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    submitted: integer("submitted").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.day] })],
);

// ---- Staff inboxes (issue 5) ----

/**
 * Request counts per inbox, kept in step with every write that moves a request between
 * inboxes (app/domain/inbox/inboxes.ts inboxDelta), so the bubble and the navigation counts are
 * one indexed read instead of a count over millions of requests. user_id is the staff member
 * for personal inboxes and 0 otherwise.
 */
export const inboxCounters = pgTable(
  "inbox_counters",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    inbox: text("inbox").notNull(),
    userId: integer("user_id").notNull().default(0),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.inbox, t.userId] })],
);

/** The history of a request: who did what, when (submitted, assigned, replied, completed...). */
export const entryEvents = pgTable(
  "entry_events",
  {
    id: serial("id").primaryKey(),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("entry_events_entry_idx").on(t.patientEntryId, t.createdAt),
    // The reports' rollup reads one hour of staff decisions at a time (issue "reports", decision 0092).
    index("entry_events_created_idx").on(t.createdAt),
  ],
);

/** Internal comments on a request (staff only), optionally coded with SNOMED CT concepts. */
export const entryComments = pgTable(
  "entry_comments",
  {
    id: serial("id").primaryKey(),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    snomedCodes: jsonb("snomed_codes").$type<{ code: string; term: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("entry_comments_entry_idx").on(t.patientEntryId, t.createdAt)],
);

/** Tasks on a request, assigned to a staff member (spec 3 actions_assigned_to_id). */
export const entryActions = pgTable(
  "entry_actions",
  {
    id: serial("id").primaryKey(),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    assignedToId: integer("assigned_to_id").references(() => users.id, { onDelete: "set null" }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedByUserId: integer("completed_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("entry_actions_entry_idx").on(t.patientEntryId),
    index("entry_actions_assignee_idx").on(t.assignedToId, t.completedAt),
  ],
);

/** A searchable list of common SNOMED CT concepts for coding comments (seeded by migration). */
export const snomedCodes = pgTable(
  "snomed_codes",
  {
    code: text("code").primaryKey(),
    term: text("term").notNull(),
  },
  (t) => [index("snomed_codes_term_idx").on(sql`lower(${t.term})`)],
);

/** Who has a request open right now (heartbeat on each view), to warn of two people at once. */
export const entryViewers = pgTable(
  "entry_viewers",
  {
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.patientEntryId, t.userId] })],
);

// ---- Online services: the simulated GP system (issue 6) ----
// The embedded default behind the GpSystem interface (app/domain/gp-system/): it plays the
// practice's GP clinical system (TPP or EMIS flavour). A real IM1 adapter replaces it
// without these tables. Ids leave the GpSystem as strings, as an external system's would.

/**
 * Online-services credentials the practice issued to a patient: one row per linkage key.
 * A key links once (used_at), so a reset needs a new key from the practice.
 */
export const gpAccounts = pgTable(
  "gp_accounts",
  {
    id: serial("id").primaryKey(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    linkageKey: text("linkage_key").notNull(),
    /** The practice's unit: the ODS code (EMIS) or organisation code (TPP). */
    unitId: text("unit_id").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gp_accounts_key").on(t.accountId, t.linkageKey, t.unitId),
    index("gp_accounts_patient_idx").on(t.patientId),
  ],
);

/** A patient's online-services link: no row is unlinked; reset means the practice reset it. */
export const gpLinks = pgTable("gp_links", {
  patientId: integer("patient_id")
    .primaryKey()
    .references(() => patients.id, { onDelete: "cascade" }),
  accountId: text("account_id").notNull(),
  status: text("status").notNull().default("linked"),
  linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }),
});

/** A clinic session: a clinician at a location, holding bookable slots. */
export const gpSessions = pgTable(
  "gp_sessions",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    staffName: text("staff_name").notNull(),
    jobRole: text("job_role"),
    locationName: text("location_name"),
    streetNumber: text("street_number"),
    village: text("village"),
    town: text("town"),
    postcode: text("postcode"),
  },
  (t) => [index("gp_sessions_practice_idx").on(t.practiceId)],
);

/**
 * A bookable slot. Booking is one conditional update (where booked_by_patient_id is null),
 * so of two patients booking at once exactly one gets it.
 */
export const gpSlots = pgTable(
  "gp_slots",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => gpSessions.id, { onDelete: "cascade" }),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    slotType: text("slot_type").notNull(),
    slotName: text("slot_name"),
    bookedByPatientId: integer("booked_by_patient_id").references(() => patients.id, { onDelete: "set null" }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    bookingMethod: text("booking_method"),
    bookingReason: text("booking_reason"),
  },
  (t) => [
    index("gp_slots_practice_start_idx").on(t.practiceId, t.startTime),
    index("gp_slots_booked_by_idx").on(t.bookedByPatientId),
    check("gp_slots_times", sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** A patient's repeat medication. */
export const gpMedicationCourses = pgTable(
  "gp_medication_courses",
  {
    id: serial("id").primaryKey(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    dosage: text("dosage"),
  },
  (t) => [index("gp_medication_courses_patient_idx").on(t.patientId)],
);

export const gpPrescriptionRequests = pgTable(
  "gp_prescription_requests",
  {
    id: serial("id").primaryKey(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    dateRequested: timestamp("date_requested", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [index("gp_prescription_requests_patient_idx").on(t.patientId)],
);

/** The courses of a request; the first one's status is the request's (spec 2 §3). */
export const gpPrescriptionRequestCourses = pgTable(
  "gp_prescription_request_courses",
  {
    requestId: integer("request_id")
      .notNull()
      .references(() => gpPrescriptionRequests.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => gpMedicationCourses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    status: text("status").notNull().default("Requested"),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.courseId] })],
);

/**
 * Failures the simulation answers on purpose, per practice and operation ('*' for all):
 * how tests (and demos) drive each error path of spec 2 §8. See docs/decisions/0030.
 */
export const gpFaults = pgTable(
  "gp_faults",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    operation: text("operation").notNull(),
    kind: text("kind").notNull(),
    message: text("message"),
  },
  (t) => [index("gp_faults_practice_idx").on(t.practiceId)],
);

/**
 * Frontdoor's own state, not the GP system's: the medications a patient has ticked on the
 * prescription table so far, kept on the server so ticks survive paging without JS. Course
 * ids are the GP system's (text), so no foreign key.
 */
export const gpMedicationSelections = pgTable(
  "gp_medication_selections",
  {
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.courseId] })],
);

// ---- security ----

/**
 * Attempts for throttles (sign-in, MFA codes, registration probes, reset requests): one row
 * per hashed key and attempt, written BEFORE the check it guards and counted after, so parallel
 * attempts are each counted and at most the limit are checked (docs/decisions/0071-atomic-throttles.md).
 */
export const throttleAttempts = pgTable(
  "throttle_attempts",
  {
    id: serial("id").primaryKey(),
    /** HMAC of what is throttled (an account, an address): no e-mail or IP address in clear. */
    key: text("key").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("throttle_attempts_key_idx").on(t.key, t.attemptedAt)],
);

/**
 * Idempotency keys of state-changing forms: the first post with a key records its answer (a
 * redirect), and a retry or double post with the same key gets that answer again instead of
 * running twice (docs/decisions/0072-idempotent-submissions.md).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** HMAC of the visitor's CSRF secret and the form's key: a key is only ever one visitor's. */
    keyHash: text("key_hash").primaryKey(),
    /** The route that answered; a key replayed against another route is not a retry. */
    routeId: text("route_id").notNull(),
    /** Null while the first post is still running. */
    status: integer("status"),
    location: text("location"),
    /** Set-Cookie headers of the first answer that carry no secret (flash messages). */
    flash: text("flash"),
    createdAt: createdAt(),
  },
  (t) => [index("idempotency_keys_created_idx").on(t.createdAt)],
);

// ---- Administration (issue "administration") ----

/**
 * An exceptional closure of online consultation inside core hours (England, decision 0074):
 * the only way a compliant practice closes the form early. Reason required, audited, shown to
 * patients with where to go instead, listed for the regional group.
 */
export const exceptionalClosures = pgTable(
  "exceptional_closures",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    /** Where patients should go instead while the form is closed (shown on the patient pages). */
    alternative: text("alternative").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByUserId: integer("cancelled_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("exceptional_closures_practice_idx").on(t.practiceId, t.endsAt),
    check("exceptional_closures_period", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** A practice's agreement to a feature's terms before it is switched on (spec 3 §2 consents). */
export const practiceConsents = pgTable(
  "practice_consents",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    feature: text("feature").notNull(),
    termsVersion: text("terms_version").notNull(),
    agreedByUserId: integer("agreed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnByUserId: integer("withdrawn_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.feature] })],
);

/** Which inboxes a staff member is notified about (spec 3 §2 Notification settings). */
export const staffNotificationSettings = pgTable(
  "staff_notification_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inboxName: text("inbox_name").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.inboxName] })],
);

/**
 * A TPP practice's desktop agent (spec 3 §2 /agent/setup): its configuration and the last
 * status it reported. Linked only when both connections are reported (spec 3 §4).
 */
export const practiceAgents = pgTable("practice_agents", {
  practiceId: integer("practice_id")
    .primaryKey()
    .references(() => practices.id, { onDelete: "cascade" }),
  /** The TPP Gateway machine's name, as the practice knows it. */
  gatewayHost: text("gateway_host").notNull(),
  /** SHA-256 of the key the agent presents; the key itself is shown once. */
  agentKeyHash: text("agent_key_hash").notNull(),
  websocketConnected: boolean("websocket_connected").notNull().default(false),
  systmoneConnected: boolean("systmone_connected").notNull().default(false),
  statusUpdatedAt: timestamp("status_updated_at", { withTimezone: true }),
  configuredByUserId: integer("configured_by_user_id").references(() => users.id, { onDelete: "set null" }),
  configuredAt: timestamp("configured_at", { withTimezone: true }).notNull(),
});

/**
 * Practices invited to join (spec 3 §2 /practices/invite, advanced users): the invitation
 * e-mail carries a single-use token (auth_tokens, purpose practice_invitation) to
 * /practices/add/{token}; the registration code identifies the invitation on the phone.
 */
export const practiceInvitations = pgTable(
  "practice_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    practiceName: text("practice_name").notNull(),
    odsCode: text("ods_code"),
    registrationCode: text("registration_code").notNull(),
    ccgId: integer("ccg_id").references(() => ccgs.id, { onDelete: "set null" }),
    invitedByUserId: integer("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
    /** The practice made from this invitation, once its first admin registered. */
    practiceId: integer("practice_id").references(() => practices.id, { onDelete: "set null" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("practice_invitations_code_key").on(t.registrationCode),
    index("practice_invitations_email_idx").on(sql`lower(${t.email})`),
  ],
);

// ---- Feedback (issues "patient side" and "reports") ----------------------------------------

/**
 * A patient's or carer's feedback (spec 2 §2.9 /feedback): a rating and a comment about the
 * practice or about Frontdoor itself (feedback_for). Staff read it at /{code}/patient-feedback,
 * anonymised where the practice says so; the reports count it.
 */
export const patientFeedback = pgTable(
  "patient_feedback",
  {
    id: serial("id").primaryKey(),
    /** The practice it was given at (also for feedback about Frontdoor: where it was given). */
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** "practice" or "frontdoor". */
    feedbackFor: text("feedback_for").notNull(),
    /** 1 (very poor) to 5 (very good). */
    rating: integer("rating").notNull(),
    comment: text("comment"),
    /** The person agreed to be contacted about it. */
    mayContact: boolean("may_contact").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("patient_feedback_practice_idx").on(t.practiceId, t.createdAt)],
);

/**
 * A friends and family test link sent after an appointment (spec 2 §2.10): single use, expiring
 * after the global setting fft_link_expiry. Only the SHA-256 of the token is kept.
 */
export const fftInvitations = pgTable(
  "fft_invitations",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id),
    patientId: integer("patient_id").references(() => patients.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    /** The appointment it follows (the GP system's reference), when known: one invitation per appointment. */
    appointmentRef: text("appointment_ref"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("fft_invitations_token_key").on(t.tokenHash),
    // At most one invitation per appointment, however many processes invite at once (decision 0151).
    uniqueIndex("fft_invitations_appointment_key").on(t.practiceId, t.appointmentRef).where(sql`${t.appointmentRef} is not null`),
  ],
);

/**
 * An answer to the NHS friends and family test: "Overall, how was your experience of our
 * service?" (very_good, good, neither, poor, very_poor, dont_know) and a free-text reason. One
 * per invitation; kept per practice for the staff page and the reports.
 */
export const fftResponses = pgTable(
  "fft_responses",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id),
    invitationId: integer("invitation_id").references(() => fftInvitations.id, { onDelete: "set null" }),
    answer: text("answer").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("fft_responses_invitation_key").on(t.invitationId), index("fft_responses_practice_idx").on(t.practiceId, t.createdAt)],
);

// ---- reports ----

/**
 * The reports' hourly rollup (issue "reports", docs/decisions/0090-report-rollup.md): per practice
 * and UTC hour, how many requests were sent (measure "submitted", key ""), by type, age band,
 * who sent them, inside or outside core hours, and how many first responses were given in that
 * hour by how long they took (measure "first_response", key the bucket's upper bound in
 * minutes; "response_minutes", key the whole minutes, for the exact median and 90th percentile,
 * decision 0093), and staff decisions in the hour made ("triage", "by_user", decision 0092).
 * The Europe/London date, hour (0–23) and ISO weekday (1 Monday … 7 Sunday) of the
 * hour are kept beside it so a report never converts time zones per row. Report pages read only
 * this table; refreshReportRollup (domain/reports/rollup.server.ts) fills it hour by hour.
 */
export const reportHourly = pgTable(
  "report_hourly",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    measure: text("measure").notNull(),
    londonDate: date("london_date").notNull(),
    hourStart: timestamp("hour_start", { withTimezone: true }).notNull(),
    londonHour: integer("london_hour").notNull(),
    londonWeekday: integer("london_weekday").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.practiceId, t.measure, t.londonDate, t.hourStart, t.key] }),
    index("report_hourly_hour_idx").on(t.hourStart),
  ],
);

/**
 * The hourly rollup summed by Europe/London day and by London month (decision 0119): a report
 * grouped by anything but the hour of the day reads these, 24 or ~730 times fewer rows than
 * report_hourly. refreshReportRollup keeps them equal to the sum of report_hourly in the same
 * transaction (it subtracts the hours it deletes and adds the hours it inserts), so they are
 * never a second truth. `london_month` is the first day of the month.
 */
export const reportDaily = pgTable(
  "report_daily",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    measure: text("measure").notNull(),
    londonDate: date("london_date").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.measure, t.londonDate, t.key] })],
);

export const reportMonthly = pgTable(
  "report_monthly",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    measure: text("measure").notNull(),
    londonMonth: date("london_month").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.measure, t.londonMonth, t.key] })],
);


// ---- Staff integrations (issue 21): merging patients, filing to the GP system ----

/**
 * A merge of a duplicate patient record into the kept one: what moved (requests and carer
 * links, by id) and both records as they were, so an undo within 14 days restores them
 * (app/domain/patients/merge.server.ts, docs/decisions/0110-merging-patients.md).
 */
export const patientMerges = pgTable(
  "patient_merges",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    keptPatientId: integer("kept_patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    mergedPatientId: integer("merged_patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    movedEntryIds: jsonb("moved_entry_ids").$type<number[]>().notNull(),
    movedCarerLinkIds: jsonb("moved_carer_link_ids").$type<number[]>().notNull(),
    /** The details of both records before the merge (restored by an undo). */
    keptBefore: jsonb("kept_before").$type<Record<string, string | null>>().notNull(),
    mergedBefore: jsonb("merged_before").$type<Record<string, string | null>>().notNull(),
    mergedByUserId: integer("merged_by_user_id").references(() => users.id, { onDelete: "set null" }),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull(),
    undoneByUserId: integer("undone_by_user_id").references(() => users.id, { onDelete: "set null" }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("patient_merges_practice_idx").on(t.practiceId, t.mergedAt), index("patient_merges_kept_idx").on(t.keptPatientId)],
);

/** A consultation filed to the simulated GP system's record from a request, with its SNOMED codes. */
export const gpConsultations = pgTable(
  "gp_consultations",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    summary: text("summary").notNull(),
    snomedCodes: jsonb("snomed_codes").$type<{ code: string; term: string }[]>().notNull(),
    filedByUserId: integer("filed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    filedAt: timestamp("filed_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("gp_consultations_entry_key").on(t.patientEntryId), index("gp_consultations_patient_idx").on(t.patientId)],
);
/** How far the rollup is complete: every hour before refreshed_until is in report_hourly. */
export const reportRollupState = pgTable("report_rollup_state", {
  name: text("name").primaryKey(),
  refreshedUntil: timestamp("refreshed_until", { withTimezone: true }).notNull(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull(),
});

/**
 * Pharmacy First signposting, as the reports count it (issue "reports", decision 0092): "shown"
 * when a patient's answer brings up a signposting rule's page (once per request and rule),
 * "clicked" when the patient follows the service link, which goes through a counted redirect
 * (/{code}/signposted/service). No personal data: the request and the rule only.
 */
export const signpostEvents = pgTable(
  "signpost_events",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    patientEntryId: integer("patient_entry_id").references(() => patientEntries.id, { onDelete: "set null" }),
    signpostRuleId: integer("signpost_rule_id")
      .notNull()
      .references(() => signpostingRules.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("signpost_events_practice_idx").on(t.practiceId, t.createdAt),
    index("signpost_events_entry_idx").on(t.patientEntryId),
    check("signpost_events_kind", sql`${t.kind} in ('shown', 'clicked')`),
  ],
);

// ---- My health (issue "patient side") ----

/**
 * A home blood pressure reading a patient (or their carer) entered at /{code}/my-health/blood-pressure
 * (spec 2 §2.9). Unsent until the patient sends a set to the practice: then `patient_entry_id`
 * names the request that carried it (docs/decisions/0105-blood-pressure-readings.md).
 */
export const bloodPressureReadings = pgTable(
  "blood_pressure_readings",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    recordedByUserId: integer("recorded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    systolic: integer("systolic").notNull(),
    diastolic: integer("diastolic").notNull(),
    pulse: integer("pulse").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    patientEntryId: integer("patient_entry_id").references(() => patientEntries.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("blood_pressure_readings_patient_idx").on(t.patientId, t.takenAt)],
);

// ---- Video consultations, availability and leave (issue "video") ----

/** Spec 3 §3: a video schedule's statuses. "missed" is also shown for a past one nobody joined. */
export const videoStatus = pgEnum("video_status", ["scheduled", "missed", "cancelled", "complete"]);

/** A video consultation scheduled for a patient with a clinician (spec 3 §3 Video schedule). */
export const videoConsultations = pgTable(
  "video_consultations",
  {
    id: serial("id").primaryKey(),
    /** staff_practice_id: the practice it belongs to. */
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    /** The request it is about, when scheduled from one: joins and leaves go in its history. */
    patientEntryId: integer("patient_entry_id").references(() => patientEntries.id, { onDelete: "set null" }),
    assignedToId: integer("assigned_to_id")
      .notNull()
      .references(() => users.id),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    status: videoStatus("status").notNull().default("scheduled"),
    sendSms: boolean("send_sms").notNull().default(false),
    overrideMobile: text("override_mobile"),
    notesForPatient: text("notes_for_patient"),
    notesForMedicalRecord: text("notes_for_medical_record"),
    /** sha256 of the patient's invitation token (the tokened link); the token itself is never stored. */
    patientTokenHash: text("patient_token_hash").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    clinicianJoinedAt: timestamp("clinician_joined_at", { withTimezone: true }),
    patientJoinedAt: timestamp("patient_joined_at", { withTimezone: true }),
    /** When both were first in the call together, and when that call ended. */
    callStartedAt: timestamp("call_started_at", { withTimezone: true }),
    callEndedAt: timestamp("call_ended_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("video_consultations_practice_time_idx").on(t.practiceId, t.scheduledFor),
    index("video_consultations_assigned_idx").on(t.assignedToId, t.scheduledFor),
    index("video_consultations_patient_idx").on(t.patientId, t.scheduledFor),
    uniqueIndex("video_consultations_token_key").on(t.patientTokenHash),
  ],
);

/** Who joined and left a consultation's call, and when (both sides). */
export const videoParticipantEvents = pgTable(
  "video_participant_events",
  {
    id: serial("id").primaryKey(),
    consultationId: integer("consultation_id")
      .notNull()
      .references(() => videoConsultations.id, { onDelete: "cascade" }),
    side: text("side").notNull(),
    kind: text("kind").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("video_participant_events_consultation_idx").on(t.consultationId, t.id)],
);

/**
 * WebRTC signalling (offer, answer, ICE candidates) between the two sides of one call, through
 * the database so every app process sees it; read by the server-sent-events stream.
 */
export const videoSignals = pgTable(
  "video_signals",
  {
    id: serial("id").primaryKey(),
    consultationId: integer("consultation_id")
      .notNull()
      .references(() => videoConsultations.id, { onDelete: "cascade" }),
    fromSide: text("from_side").notNull(),
    body: jsonb("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("video_signals_consultation_idx").on(t.consultationId, t.id), index("video_signals_created_idx").on(t.createdAt)],
);

/** A staff member's weekly working pattern at a practice (local Europe/London times). */
export const staffAvailability = pgTable(
  "staff_availability",
  {
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: weekday("day").notNull(),
    /** The day's first or second session (morning and afternoon; decision 0097). */
    session: smallint("session").notNull().default(1),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.practiceId, t.userId, t.day, t.session] }),
    check("staff_availability_times", sql`${t.startTime} < ${t.endTime}`),
    check("staff_availability_session", sql`${t.session} in (1, 2)`),
  ],
);

export const leaveKind = pgEnum("leave_kind", ["leave", "out_of_office"]);

/** Leave and out-of-office: whole Europe/London dates, inclusive, with who covers. */
export const staffLeave = pgTable(
  "staff_leave",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: leaveKind("kind").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    coverUserId: integer("cover_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Cancelled leave is kept (who cancelled it, and when) but no longer counts. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByUserId: integer("cancelled_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("staff_leave_user_idx").on(t.practiceId, t.userId, t.startDate),
    check("staff_leave_dates", sql`${t.startDate} <= ${t.endDate}`),
  ],
);

// ---- staff integrations (issue 21): toolbar single sign-on, document filing, AI testing ----

/**
 * A staff member's toolbar single sign-on credential for one practice (decision 0115): the API
 * key (only its SHA-256 kept) names the credential, the signing key (sealed with the server's
 * secret: it must be read back to check a token's HMAC) signs the toolbar's tokens.
 */
export const ssoCredentials = pgTable(
  "sso_credentials",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    apiKeyHash: text("api_key_hash").notNull(),
    signingKeySealed: text("signing_key_sealed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sso_credentials_api_key_key").on(t.apiKeyHash), uniqueIndex("sso_credentials_user_practice_key").on(t.userId, t.practiceId)],
);

/** Sign-on tokens already used (their jti), until they expire: a token signs in once. */
export const ssoUsedTokens = pgTable(
  "sso_used_tokens",
  {
    credentialId: integer("credential_id")
      .notNull()
      .references(() => ssoCredentials.id, { onDelete: "cascade" }),
    jti: text("jti").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.jti] }), index("sso_used_tokens_expires_idx").on(t.expiresAt)],
);

/** Toolbar tab setting (spec 3 §2): enabled reuses one window, disabled opens a tab per message. */
export const toolbarTabSettings = pgTable(
  "toolbar_tab_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.practiceId] })],
);

/**
 * A document-management service's sign-on token (decision 0116): issued for one or more
 * practices, kept as its SHA-256, good until it expires or a setup completes with it.
 */
export const docmanSetupTokens = pgTable("docman_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  practiceIds: jsonb("practice_ids").$type<number[]>().notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Document-filing service accounts: a user with docman_auto_filing / docman_auto_registration at a practice. */
export const docmanAccounts = pgTable(
  "docman_accounts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    role: text("role").$type<"docman_auto_filing" | "docman_auto_registration">().notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.practiceId, t.role] })],
);

/**
 * AI-testing review (decision 0118): a request of the aitesting practice given to a reviewer,
 * the triage a model suggested (the rules-based stand-in), and the reviewer's answer.
 */
export const aiTestAssignments = pgTable(
  "ai_test_assignments",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    patientEntryId: integer("patient_entry_id")
      .notNull()
      .references(() => patientEntries.id, { onDelete: "cascade" }),
    reviewerUserId: integer("reviewer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    suggestedUrgencyId: integer("suggested_urgency_id").notNull(),
    suggestedRole: text("suggested_role").notNull(),
    suggestionReason: text("suggestion_reason").notNull(),
    agreed: boolean("agreed"),
    correctedUrgencyId: integer("corrected_urgency_id"),
    correctedRole: text("corrected_role"),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("ai_test_assignments_reviewer_entry_key").on(t.reviewerUserId, t.patientEntryId)],
);

// ---- templates and questionnaires (issue "templates", docs/decisions/0085-0089) ----

/**
 * A message template (spec 3 §2, §3 "standard question resources"): a practice's own
 * (practice_id set) or a national one the system admin keeps (practice_id null). The body may
 * hold the placeholders {patient_name}, {practice_name} and {booking_link} (domain/templates/
 * placeholders.ts), filled in when staff start a reply from it. Tags are the template's own
 * short labels (decision 0085).
 */
export const messageTemplates = pgTable(
  "message_templates",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id").references(() => practices.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("message_templates_practice_idx").on(t.practiceId, t.title)],
);

/** A staff member's favourite templates: shown first in their lists. */
export const messageTemplateFavourites = pgTable(
  "message_template_favourites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: integer("template_id")
      .notNull()
      .references(() => messageTemplates.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.templateId] })],
);

/**
 * A questionnaire (a question set of typed questions, spec 3 §3 and §7): national
 * (practice_id null) or a practice's own. The questions are kept as one typed list
 * (domain/templates/questions.ts), read and validated as a whole.
 */
export const questionnaires = pgTable(
  "questionnaires",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id").references(() => practices.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    questions: jsonb("questions").$type<unknown[]>().notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("questionnaires_practice_idx").on(t.practiceId, t.title)],
);

export const questionnaireFavourites = pgTable(
  "questionnaire_favourites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionnaireId: integer("questionnaire_id")
      .notNull()
      .references(() => questionnaires.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionnaireId] })],
);

/**
 * A questionnaire sent from a request ("standard questions", spec 3 §7): the patient answers it
 * once, signed in or through the link's token (only its SHA-256 is kept); the answers come back
 * into the request's conversation and the chosen inbox (unassigned, or a staff member's).
 */
export const questionnaireSends = pgTable(
  "questionnaire_sends",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id),
    questionnaireId: integer("questionnaire_id")
      .notNull()
      .references(() => questionnaires.id),
    /** Null for a bulk message's questionnaire until answered: the answers make the request (decision 0131). */
    patientEntryId: integer("patient_entry_id").references(() => patientEntries.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    /** Sent with a bulk message (one per patient), not from a request. */
    bulkMessageId: integer("bulk_message_id").references((): AnyPgColumn => bulkMessages.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** Where the answers land: null for Unassigned, else a staff member's personal inbox. */
    inboxUserId: integer("inbox_user_id").references(() => users.id, { onDelete: "set null" }),
    sendSms: boolean("send_sms").notNull().default(false),
    overrideMobile: text("override_mobile"),
    /** The questions as sent (a later edit of the questionnaire does not change them). */
    questions: jsonb("questions").$type<unknown[]>().notNull(),
    title: text("title").notNull(),
    sentByUserId: integer("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answers: jsonb("answers").$type<Record<string, string | string[]>>(),
  },
  (t) => [
    uniqueIndex("questionnaire_sends_token_key").on(t.tokenHash),
    index("questionnaire_sends_entry_idx").on(t.patientEntryId),
    uniqueIndex("questionnaire_sends_bulk_patient_key").on(t.bulkMessageId, t.patientId),
  ],
);

/** An NHS login identity (its `sub`) linked to one Frontdoor user (docs/decisions/0080). */
export const nhsLoginIdentities = pgTable(
  "nhs_login_identities",
  {
    id: serial("id").primaryKey(),
    sub: text("sub").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The level of the last sign-in ("P9" or "P5"). */
    level: text("level").notNull(),
    createdAt: createdAt(),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("nhs_login_identities_sub_key").on(t.sub), uniqueIndex("nhs_login_identities_user_key").on(t.userId)],
);

/**
 * Someone who signed in with NHS login but is not known here yet: what NHS login said, behind
 * a random token (only its hash stored), while they choose a practice and register or link.
 */
export const nhsLoginPending = pgTable("nhs_login_pending", {
  tokenHash: text("token_hash").primaryKey(),
  claims: jsonb("claims").notNull(),
  idToken: text("id_token"),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The simulated GP system's record summary (issue "patient side", decision 0109): a patient's
 * allergies, problems and test results, shown at /{code}/my-medical-records with the repeat
 * medication of gp_medication_courses. A real GP system answers from its own record.
 */
export const gpRecordEntries = pgTable(
  "gp_record_entries",
  {
    id: serial("id").primaryKey(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    /** allergy, problem or test_result. */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    /** A reaction, a status ("Active", "Resolved") or a result with its range. */
    detail: text("detail"),
    recordedOn: date("recorded_on").notNull(),
  },
  (t) => [
    index("gp_record_entries_patient_idx").on(t.patientId),
    check("gp_record_entries_kind", sql`${t.kind} in ('allergy', 'problem', 'test_result')`),
  ],
);
// ---- Group video (issue "video"; decision 0123) ----

/** A group video call at a practice with group video (group_chat_setting): several patients and staff. */
export const groupChats = pgTable(
  "group_chats",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** While at least two members are in, the call runs; its seconds add up here over interruptions. */
    callStartedAt: timestamp("call_started_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds"),
    /** A staff member ended it: nobody joins any more. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("group_chats_practice_time_idx").on(t.practiceId, t.scheduledFor)],
);

/** Who is in a group call: a staff member (user) or a patient (who signs in to join). */
export const groupChatMembers = pgTable(
  "group_chat_members",
  {
    id: serial("id").primaryKey(),
    groupChatId: integer("group_chat_id")
      .notNull()
      .references(() => groupChats.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    patientId: integer("patient_id").references(() => patients.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("group_chat_members_user_key").on(t.groupChatId, t.userId),
    uniqueIndex("group_chat_members_patient_key").on(t.groupChatId, t.patientId),
    check("group_chat_members_one_kind", sql`(${t.userId} is null) <> (${t.patientId} is null)`),
  ],
);

/** Joins and leaves of a group call's members. */
export const groupChatEvents = pgTable(
  "group_chat_events",
  {
    id: serial("id").primaryKey(),
    groupChatId: integer("group_chat_id")
      .notNull()
      .references(() => groupChats.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => groupChatMembers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("group_chat_events_chat_idx").on(t.groupChatId, t.id)],
);

/** A group call's WebRTC signalling: to one member (offer, answer, candidate) or to all (hello, bye). */
export const groupChatSignals = pgTable(
  "group_chat_signals",
  {
    id: serial("id").primaryKey(),
    groupChatId: integer("group_chat_id")
      .notNull()
      .references(() => groupChats.id, { onDelete: "cascade" }),
    fromMemberId: integer("from_member_id").notNull(),
    toMemberId: integer("to_member_id"),
    body: jsonb("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("group_chat_signals_chat_idx").on(t.groupChatId, t.id), index("group_chat_signals_created_idx").on(t.createdAt)],
);

/**
 * A bulk message (spec 3 §2 bulk messages; issue "templates"): a draft built step by step, then
 * queued (one bulk_message_recipients row per patient and channel) and sent by the job queue
 * (app/domain/bulk/). The rows are the truth: a restart picks up what is not yet sent.
 */
export const bulkMessages = pgTable(
  "bulk_messages",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    /** draft, scheduled, sending, sent, stopped */
    state: text("state").notNull().default("draft"),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    templateId: integer("template_id"),
    /** The clinic type (GP-system slot type) of a booking invitation, if any. */
    bookingSlotType: text("booking_slot_type"),
    /** A questionnaire each patient answers through their own link (decision 0131). */
    questionnaireId: integer("questionnaire_id").references(() => questionnaires.id, { onDelete: "set null" }),
    channels: jsonb("channels").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Recipient filters: age range, non-digital excluded, NHS numbers uploaded. */
    filters: jsonb("filters").$type<Record<string, unknown>>(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    /** Where links in the message point (PUBLIC_URL, else the address staff sent it from). */
    linkOrigin: text("link_origin"),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bulk_messages_practice_idx").on(t.practiceId, t.id), index("bulk_messages_state_idx").on(t.state)],
);

/** One message to one patient on one channel; its idempotency key is unique, so it is sent once. */
export const bulkMessageRecipients = pgTable(
  "bulk_message_recipients",
  {
    id: serial("id").primaryKey(),
    bulkMessageId: integer("bulk_message_id")
      .notNull()
      .references(() => bulkMessages.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    address: text("address").notNull(),
    /** bm{message}-p{patient}-{channel}: the Notify reference and the outbox's unique key. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** queued, sending, sent, delivered, failed, stopped */
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    failure: text("failure"),
  },
  (t) => [
    uniqueIndex("bulk_message_recipients_key").on(t.idempotencyKey),
    uniqueIndex("bulk_message_recipients_one_key").on(t.bulkMessageId, t.patientId, t.channel),
    index("bulk_message_recipients_due_idx").on(t.state, t.nextAttemptAt),
    index("bulk_message_recipients_attempted_idx").on(t.attemptedAt),
    index("bulk_message_recipients_patient_idx").on(t.patientId),
  ],
);

/** A patient's reply to a bulk message (/patient_bulk_messages/{id}/request). */
export const bulkMessageReplies = pgTable(
  "bulk_message_replies",
  {
    id: serial("id").primaryKey(),
    bulkMessageId: integer("bulk_message_id")
      .notNull()
      .references(() => bulkMessages.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("bulk_message_replies_message_idx").on(t.bulkMessageId, t.id)],
);

/**
 * A booking invitation to one patient (its id is the patient_question_id of
 * /{code}/appointment-booking/{id}); opened signed in or with its token (only the hash kept).
 */
export const bookingInvitations = pgTable(
  "booking_invitations",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    bulkMessageId: integer("bulk_message_id").references(() => bulkMessages.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    slotType: text("slot_type").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    bookedSlotId: integer("booked_slot_id"),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    /** When the patient was told to call, as they cannot book online. */
    cannotBookAt: timestamp("cannot_book_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("booking_invitations_token_key").on(t.tokenHash),
    uniqueIndex("booking_invitations_message_patient_key").on(t.bulkMessageId, t.patientId),
  ],
);

/** The reminder sent the day before a booked appointment, with its two single-use links. */
export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    slotId: integer("slot_id").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    cancelTokenHash: text("cancel_token_hash").notNull(),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("appointment_reminders_slot_patient_key").on(t.slotId, t.patientId),
    uniqueIndex("appointment_reminders_cancel_key").on(t.cancelTokenHash),
    uniqueIndex("appointment_reminders_unsubscribe_key").on(t.unsubscribeTokenHash),
  ],
);

/** Patients who asked for no more appointment reminders. */
export const appointmentReminderOptOuts = pgTable("appointment_reminder_opt_outs", {
  patientId: integer("patient_id")
    .primaryKey()
    .references(() => patients.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * A file attached to a bulk message (spec 3 §3 "bulk message files"; decision 0128): the bytes in
 * the FileStore, checked as patient uploads are (type by content, at most Notify's 2 MB for files
 * sent by link). Patients get it by their own link (bulk_message_file_links).
 */
export const bulkMessageFiles = pgTable(
  "bulk_message_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bulkMessageId: integer("bulk_message_id")
      .notNull()
      .references(() => bulkMessages.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sensitive: boolean("sensitive").notNull().default(false),
    uploadedByUserId: integer("uploaded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bulk_message_files_message_idx").on(t.bulkMessageId),
    check("bulk_message_files_content_type", sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
  ],
);

/**
 * One patient's link to one attachment (/{code}/bm/{id}/files/{token}): the token is derived
 * (every channel carries the same link), only its hash is kept; it expires (decision 0128).
 */
export const bulkMessageFileLinks = pgTable(
  "bulk_message_file_links",
  {
    id: serial("id").primaryKey(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => bulkMessageFiles.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("bulk_message_file_links_token_key").on(t.tokenHash), uniqueIndex("bulk_message_file_links_file_patient_key").on(t.fileId, t.patientId)],
);
