/**
 * The reference a patient quotes when they call the practice: short, unambiguous when read
 * aloud, and derived from the request id so it never needs its own column or lookup.
 */
export function requestReference(entryId: number): string {
  return `FD-${String(entryId).padStart(6, "0")}`;
}

export function parseRequestReference(reference: string): number | null {
  const match = /^FD-?(\d{1,10})$/i.exec(reference.trim());
  return match ? Number(match[1]) : null;
}
