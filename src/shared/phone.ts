/**
 * Nigerian phone numbers, stored in E.164 (+234 and the national significant number) so that
 * `0803…`, `803…`, `+234803…` and `234803…` are one number.
 *
 * National significant numbers (NCC numbering plan): mobile numbers are ten digits starting
 * 70, 71, 80, 81, 90 or 91; fixed lines are eight digits after the trunk 0 (an area code of
 * one or two digits and the subscriber's number), starting 1–9 but never with a mobile prefix,
 * so a mobile number missing two digits is refused rather than taken for a fixed line.
 */
const MOBILE = /^[789][01]\d{8}$/;
const FIXED_LINE = /^(?![789][01])[1-9]\d{7}$/;

/** `+234…` for a Nigerian number however it was typed, or null when it is not one. */
export function normaliseNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith('+234')) national = compact.slice(4);
  else if (compact.startsWith('+')) return null;
  else if (compact.startsWith('234') && compact.length > 11) national = compact.slice(3);
  else if (compact.startsWith('0')) national = compact.slice(1);
  else national = compact;
  if (national.startsWith('0')) national = national.slice(1);
  return MOBILE.test(national) || FIXED_LINE.test(national) ? `+234${national}` : null;
}

/**
 * A number as staff say it: a mobile in local form, grouped 4-3-4 (`0803 123 4567`), however it
 * was stored (E.164, or as typed in older rows and Remita's payer details); a fixed line in local
 * form without groups (`012345678`: its area code is one or two digits, so no grouping reads
 * right for all); anything that is not a Nigerian number exactly as given.
 */
export function formatNigerianPhone(phone: string): string {
  const e164 = normaliseNigerianPhone(phone);
  if (e164 === null) return phone;
  const local = `0${e164.slice(4)}`;
  return MOBILE.test(e164.slice(4))
    ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`
    : local;
}
