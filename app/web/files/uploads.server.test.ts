import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "~/domain/files/file-types";
import { readUploadForm } from "./uploads.server";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function multipart(form: FormData) {
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

describe("readUploadForm", () => {
  it("keeps text fields and accepts real images, whatever they are called", async () => {
    const form = new FormData();
    form.set("answer", "My rash <b>spreads</b>");
    form.append("files", new File([png], "photo.pdf", { type: "application/pdf" }));
    const result = await readUploadForm(multipart(form), ["files"]);
    expect(result.fields.get("answer")).toBe("My rash <b>spreads</b>");
    expect(result.files).toEqual([expect.objectContaining({ field: "files", fileName: "photo.pdf", contentType: "image/png" })]);
    expect(result.refused).toEqual([]);
  });

  it("accepts names with semicolons, equals signs and other scripts, as browsers send them", async () => {
    const form = new FormData();
    for (const name of ["scan; page 1.png", "a=b.png", "صورة.png", "照片 😀.png"]) form.append("files", new File([png], name, { type: "image/png" }));
    const result = await readUploadForm(multipart(form), ["files"]);
    expect(result.files.map((f) => f.fileName)).toHaveLength(4);
    expect(result.refused).toEqual([]);
  });

  it("refuses the wrong type and the too large with a message, keeping the rest of the form", async () => {
    const form = new FormData();
    form.set("answer", "kept");
    form.append("files", new File(["MZ not a picture"], "virus.jpg", { type: "image/jpeg" }));
    form.append("files", new File([new Uint8Array(MAX_FILE_BYTES + 1)], "huge.png", { type: "image/png" }));
    form.append("files", new File([png], "ok.png", { type: "image/png" }));
    const result = await readUploadForm(multipart(form), ["files"]);
    expect(result.fields.get("answer")).toBe("kept");
    expect(result.refused.map((r) => r.message)).toEqual(["virus.jpg must be a JPG, PNG or PDF", "huge.png must be smaller than 10MB"]);
    expect(result.files.map((f) => f.fileName)).toEqual(["ok.png"]);
  });

  it("ignores an empty file input and reads url-encoded forms too", async () => {
    const form = new FormData();
    form.append("files", new File([], "", { type: "application/octet-stream" }));
    expect((await readUploadForm(multipart(form), ["files"])).refused).toEqual([]);
    const plain = new Request("http://localhost/x", { method: "POST", body: new URLSearchParams({ a: "b" }) });
    expect((await readUploadForm(plain, ["files"])).fields.get("a")).toBe("b");
  });

  it("does not hold more than five files in memory", async () => {
    const form = new FormData();
    for (let i = 1; i <= 7; i++) form.append("files", new File([png], `p${i}.png`, { type: "image/png" }));
    const result = await readUploadForm(multipart(form), ["files"]);
    expect(result.files.map((f) => f.fileName)).toEqual(["p1.png", "p2.png", "p3.png", "p4.png", "p5.png"]);
    expect(result.refused).toEqual([
      { field: "files", fileName: "p6.png", message: "You can add up to 5 files" },
      { field: "files", fileName: "p7.png", message: "You can add up to 5 files" },
    ]);
  });
});
