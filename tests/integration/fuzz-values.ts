/**
 * The generated values of the route fuzz: hostile strings (any unicode, control characters
 * and NUL, lone surrogates, 100,000 characters), numbers a parser may choke on (past 2^31,
 * negative, floats, 1e309), impossible dates, and the field shapes a browser never sends
 * (missing, empty, repeated, unknown names). Mixed with a route's own good values, so a case
 * is usually close enough to valid to reach the database.
 */
import fc from "fast-check";

/** What the route layer refuses with a 400 (route-layer.server.ts FORBIDDEN_CHARACTERS). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The value without what the layer refuses: cases that should get past it. */
export const withoutForbidden = (value: string) => value.replace(FORBIDDEN, "");

export const NUMBERS = [
  "0",
  "-0",
  "-1",
  "1",
  "2147483647",
  "2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740993",
  "99999999999999999999999999999",
  "1e309",
  "-1e309",
  "1e-400",
  "1.5",
  "0.0000001",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x1F",
  "0b101",
  "1_000",
  "007",
  " 1",
  "1 ",
  "+1",
  "１２３",
  "١٢٣",
  "1,000",
];

export const DATES = [
  "2026-02-30",
  "0000-00-00",
  "99999-01-01",
  "2026-13-01",
  "1899-12-31",
  "-0001-01-01",
  "2024-02-29",
  "2026-11-23T10:00:00Z",
  "31/12/1999",
  "1970-01-01",
  "275760-09-13",
];

/** Values with a meaning somewhere: paths, markup, SQL, JSON, template syntax, prototype keys. */
export const SPECIALS = [
  "",
  " ",
  "\t",
  "\r\n",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  '{"__proto__":{"x":1}}',
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "..%2F..%2F",
  "%00",
  "%ZZ",
  "%E0%A4%A",
  "//evil.example/",
  "/\\evil.example",
  "javascript:alert(1)",
  "https://evil.example/",
  "<script>alert(1)</script>",
  "<b>",
  "'; drop table users; --",
  "' or '1'='1",
  "\\",
  "%",
  "_",
  "*",
  "&",
  "!",
  "a & b | !c <-> d:*",
  "(",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\u00a0",
  "Ω≈ç√∫",
  "🏳️‍🌈👨‍👩‍👧",
  "Z̴̡̪͉̓̋a̶͙̓l̷̙̈g̸̟̍o̵̙͝",
  "ｆｕｌｌｗｉｄｔｈ",
  "İıŞş",
  "ß",
];

const CONTROLS = ["\u0000", "\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f", "\u0085", "\u2028"];
const SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "a\ud83d", "\ude00b", "\ud83d\ud83d"];

const LONG = [
  "a".repeat(100_000),
  "9".repeat(100_000),
  "😀".repeat(50_000),
  "<b>".repeat(33_334),
  "é".repeat(100_000),
  " ".repeat(100_000),
  "a".repeat(255),
  "a".repeat(256),
  "x".repeat(2001),
  "9".repeat(400),
];

/** Any single UTF-16 unit: lone surrogates included (fast-check's own units never make them). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** A hostile string. */
export const fuzzString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 8 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...DATES) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS, ...SURROGATES) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
);

/** A hostile value, or a good one with something hostile stuck on either end or in the middle. */
function hostileFor(good: readonly string[]): fc.Arbitrary<string> {
  if (good.length === 0) return fuzzString;
  const mutated = fc
    .tuple(fc.constantFrom(...good), fuzzString, fc.nat(2))
    .map(([g, f, where]) => (where === 0 ? f + g : where === 1 ? g + f : g.slice(0, 1) + f + g.slice(1)));
  return fc.oneof({ weight: 4, arbitrary: fuzzString }, { weight: 1, arbitrary: mutated });
}

/** The value of one field as posted: missing, once, or repeated (as a checkbox group sends). */
export type FieldValue = undefined | string | string[];

/**
 * One field of a case, drawn both ways: a good value and a hostile one, with the rolls that
 * choose between them. The case's fuzz rate decides (fieldValue), so some cases are nearly
 * valid (and reach the database) and others nearly all noise.
 */
export type FieldDraw = { good: string; hostile: string; more: string[]; roll: number; presence: number };

export function fieldArb(good: readonly string[], hostileValues?: fc.Arbitrary<string>): fc.Arbitrary<FieldDraw> {
  const hostile = hostileValues ?? hostileFor(good);
  return fc.record({
    good: good.length ? fc.constantFrom(...good) : hostile,
    hostile,
    more: fc.array(fc.oneof(good.length ? fc.constantFrom(...good) : hostile, hostile), { minLength: 1, maxLength: 3 }),
    roll: fc.nat(99),
    presence: fc.nat(99),
  });
}

/** `fuzzRate`: percent of fields hostile, and a third of that missing. `rare`: a field usually left out. */
export function fieldValue(draw: FieldDraw, fuzzRate: number, rare = false): FieldValue {
  if (rare ? draw.presence >= 6 : draw.presence < fuzzRate / 3) return undefined;
  const value = draw.roll < fuzzRate ? draw.hostile : draw.good;
  return draw.presence >= 96 ? [value, ...draw.more] : value;
}

/** Names no form has: unicode, nested-looking, prototype keys, very long. */
export const fieldNameArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "__proto__.polluted",
    "constructor.prototype.polluted",
    "a.b.c.d.e.f.g.h",
    "a[0]",
    "a[]",
    // Conform reads an index as a list position: a huge one is a separate, targeted test
    // (fuzz-suite.ts), as one such case costs minutes of CPU.
    "a[99999]",
    "email[3]",
    "a[-1]",
    "dateOfBirth",
    "dateOfBirth.day.x",
    "a;b",
    "a=b",
    'a"b',
    "q1.day",
    "q99999999999",
    ".",
    "..",
    "[",
    "]",
    "",
    " ",
    "intent",
    "version",
    "redirect",
    "x".repeat(5000),
  ),
);

/** List indices Conform would expand into a sparse array (see HUGE_INDEX in fuzz-suite.ts), capped for the random cases. */
export const capListIndices = (name: string) => name.replace(/\[(\d{6,})\]/g, "[99999]");

/**
 * A path segment as a raw client may send it: UTF-8 percent-encoded, a lone surrogate as the
 * three bytes it would be in WTF-8 (%ED%A0%80), which no decoder accepts.
 */
export function encodeSegment(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(value[i]);
  }
  return out;
}

/**
 * The param Remix hands the route for that segment: decoded, a slash kept as %2F, or the
 * segment as sent when it does not decode (react-router's decodePath).
 */
export function paramAsRemixSees(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/\//g, "%2F");
  } catch {
    return segment;
  }
}

/** An uploaded file: its field, its name as the browser sends it, its claimed type and bytes. */
export type FuzzFile = { field: string; name: string; type: string; bytes: Uint8Array };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34];

export function fileArb(fields: readonly string[]): fc.Arbitrary<FuzzFile> {
  const field = fields.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fieldNameArb }) : fieldNameArb;
  const name = fc.oneof(
    fc.constantFrom("photo.png", "scan.pdf", "scan; page 1.pdf", "a=b.png", 'say "cheese".jpg', "", ".", "..", "../../x.png", "a/b\\c.png", "CON.png", "x".repeat(400) + ".png", "تقرير.pdf", "文件.png", "😀.jpg", 'a"b.png', "a%22b.png", "a\r\nb.png"),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.string({ unit: "binary", maxLength: 20 }),
  );
  const type = fc.constantFrom("image/png", "application/pdf", "image/jpeg", "text/html", "application/octet-stream", "", "image/png; charset=ü");
  const bytes = fc.oneof(
    fc.constant(new Uint8Array(PNG)),
    fc.constant(new Uint8Array(PDF)),
    fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
    fc.constant(new Uint8Array(0)),
    fc.uint8Array({ maxLength: 64 }),
  );
  return fc.record({ field, name, type, bytes });
}

/** Query strings: the names the app reads, with good and hostile values, sometimes repeated or malformed. */
export const QUERY_KEYS = [
  "q",
  "page",
  "sort",
  "dir",
  "after",
  "before",
  "older",
  "type",
  "entry",
  "back",
  "redirect",
  "expired",
  "sent",
  "reason",
  "kind",
  "id",
  "filter",
  "error_code",
  "context",
  "change",
  "snomed",
  "sig",
  "token",
  "_data",
  "index",
];

/** Raw query fragments a URL object keeps as typed (not re-encoded by URLSearchParams). */
export const RAW_QUERIES = ["q=%00", "q=%ZZ", "q=%E0%A4%A", "q=%ED%A0%80", "page=1e309", "page=-1", "entry=2147483648", "a=1&a=2&a=3", "==&&", "q", "%00=1", "back=..%2F..%2F", "q=%F0%9F%98%80", "sig=%2B%2F%3D"];
