/**
 * Input masks for CPF, CEP and phone (decision 033): the punctuation is written as the digits are
 * typed, pasted or autofilled, whatever punctuation they came with. A mask only formats: the
 * schema (domain/checkout/checkout-schemas.ts) and the server still check the digits.
 *
 * Why no maxLength on a masked input: the browser cuts a paste at maxLength before the page sees
 * it, so " 529.982.247-25 " (16 characters) would lose a digit. The digits are capped here instead.
 */

const onlyDigits = (value: string) => value.replace(/\D/g, "");

/** Puts `separators[i]` before the digit at position i, for the digits there are so far. */
function punctuate(digits: string, separators: Record<number, string>): string {
  let out = "";
  for (let i = 0; i < digits.length; i++) out += (i > 0 ? (separators[i] ?? "") : (separators[0] ?? "")) + digits[i];
  return out;
}

/** "52998224725" → "529.982.247-25", as far as typed ("5299" → "529.9"). */
export function maskCpf(value: string): string {
  return punctuate(onlyDigits(value).slice(0, 11), { 3: ".", 6: ".", 9: "-" });
}

/** "01310100" → "01310-100", as far as typed. */
export function maskCep(value: string): string {
  return punctuate(onlyDigits(value).slice(0, 8), { 5: "-" });
}

/**
 * "11912345678" → "(11) 91234-5678"; ten digits (a landline) → "(11) 3123-4567". A pasted or
 * autofilled "+55 11 91234-5678" or "011 91234-5678" loses its country code or trunk zero.
 */
export function maskPhone(value: string): string {
  let digits = onlyDigits(value);
  if (digits.length > 11 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length > 11 && digits.startsWith("0")) digits = digits.slice(1);
  digits = digits.slice(0, 11);
  // The hyphen moves as the number grows: after 4 local digits for a landline, after 5 for a mobile.
  const hyphenAt = digits.length === 11 ? 7 : 6;
  return punctuate(digits, { 0: "(", 2: ") ", [hyphenAt]: "-" });
}

export type Mask = (value: string) => string;

/**
 * The masked value after an edit, and where the caret goes: after as many digits as were before
 * it in what the person typed, so typing or deleting in the middle does not throw the caret to the end.
 */
export function maskEdit(mask: Mask, typed: string, caret: number | null): { value: string; caret: number } {
  const value = mask(typed);
  if (caret === null) return { value, caret: value.length };
  const digitsBefore = onlyDigits(typed.slice(0, caret)).length;
  if (digitsBefore === 0) return { value, caret: 0 };
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value[i]!)) seen++;
    if (seen === digitsBefore) return { value, caret: i + 1 };
  }
  return { value, caret: value.length };
}

/**
 * onChange for a controlled input with a mask: formats, hands the value on, and puts the caret back
 * where the person was typing (React would leave it at the end after a reformat).
 */
export function maskedChange(mask: Mask, onValue: (value: string) => void) {
  return (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const next = maskEdit(mask, input.value, input.selectionEnd);
    onValue(next.value);
    // Only when the caret was inside the text: at the end it stays at the end by itself.
    if (input.selectionEnd !== null && input.selectionEnd < input.value.length) {
      requestAnimationFrame(() => {
        if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
      });
    }
  };
}
