import { describe, expect, it } from "vitest";
import { cleanFileName, sniffContentType } from "./file-types";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("sniffContentType", () => {
  it("knows JPEG, PNG and PDF by their first bytes", () => {
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe("image/jpeg");
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(sniffContentType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("application/pdf");
  });

  it("refuses anything else, whatever its name", () => {
    expect(sniffContentType(new TextEncoder().encode("MZ\x90\x00"))).toBeNull();
    expect(sniffContentType(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(sniffContentType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffContentType(bytes())).toBeNull();
  });
});

describe("cleanFileName", () => {
  it("keeps the base name without control characters or quotes", () => {
    expect(cleanFileName("C:\\Users\\me\\rash.jpg")).toBe("rash.jpg");
    expect(cleanFileName('../../etc/"pass"wd\n')).toBe("passwd");
    expect(cleanFileName("   ")).toBe("file");
  });
});
