/**
 * NHS numbers: ten digits whose last is a Modulus 11 check digit. A remainder giving 10
 * means the number is invalid.
 */
export function nhsCheckDigit(firstNine: string): number | null {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(firstNine[i]) * (10 - i);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return null;
  return check;
}

export function isValidNhsNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{10}$/.test(digits)) return false;
  return nhsCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}

/** Shown as 3 3 4 digits, the way patients see it on letters. */
export function formatNhsNumber(value: string): string {
  const d = value.replace(/\D/g, "");
  return d.length === 10 ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : value;
}
