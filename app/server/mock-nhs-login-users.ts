/** The mock NHS login's test users (no dependencies: the seed reads them too). */
export type MockNhsLoginUser = {
  id: string;
  /** "P9" (identity verified: full access) or "P5" (basic). */
  level: "P9" | "P5";
  nhsNumber: string;
  givenName: string;
  familyName: string;
  birthdate: string;
  email: string;
  phone: string;
  /** The GP practice NHS login holds for them (its ODS code). */
  odsCode: string | null;
  label: string;
};

/** The demo's test users (README: "Signing in with NHS login"); the seed makes their patients. */
export const MOCK_NHS_LOGIN_USERS: MockNhsLoginUser[] = [
  {
    id: "p9-test-user",
    level: "P9",
    nhsNumber: "9990900000",
    givenName: "Olivia",
    familyName: "Bennett",
    birthdate: "1990-04-12",
    email: "olivia.bennett@example.com",
    phone: "+447700900901",
    odsCode: "Y12345",
    label: "P9 test user (full access): Olivia Bennett",
  },
  {
    id: "p5-test-user",
    level: "P5",
    nhsNumber: "9990901007",
    givenName: "Noah",
    familyName: "Patel",
    birthdate: "1978-10-03",
    email: "noah.patel@example.com",
    phone: "+447700900902",
    odsCode: "Y12345",
    label: "P5 test user (basic): Noah Patel",
  },
];

