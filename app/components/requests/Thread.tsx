/**
 * Pieces of a request's conversation. Text is the patient's or the practice's as typed:
 * React escapes it; blank lines make paragraphs and single line breaks stay line breaks.
 */
export function MessageBody({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split("\n").map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ))}
    </>
  );
}

type FileLink = { id: string; fileName: string; sizeBytes: number };

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))}KB` : `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

export function FileList({ files, hrefFor }: { files: FileLink[]; hrefFor: (id: string) => string }) {
  return (
    <ul className="nhsuk-list">
      {files.map((f) => (
        <li key={f.id}>
          <a href={hrefFor(f.id)}>
            {f.fileName}
          </a>{" "}
          ({size(f.sizeBytes)})
        </li>
      ))}
    </ul>
  );
}
