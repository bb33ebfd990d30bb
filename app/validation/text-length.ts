/**
 * Spec 2 §5 / spec 3 §5: "A text length rule counts HTML text with tags stripped: The {field}
 * field may not be greater than {n} characters." Text is stored as typed; only the count
 * ignores tags.
 */
/** Characters as the spec counts them: HTML tags stripped, each code point once (an emoji is one). */
export function visibleLength(text: string): number {
  return Array.from(text.replace(/<[^>]*>/g, "")).length;
}

export function tooLongMessage(field: string, max: number): string {
  return `The ${field} field may not be greater than ${max} characters.`;
}
