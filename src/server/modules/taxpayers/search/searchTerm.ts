import { isValidBtin } from '../../../../shared/btin';
import { normaliseNigerianPhone } from '../../../../shared/phone';
import type { SearchTerm } from '../list/listQueries';

const CAC = /^(RC|BN|IT)\s*-?\s*(\d{1,8})$/i;
const LETTERS = /\p{L}/u;

/**
 * Works out what an officer may have typed in the registry's search box: a BTIN, phone,
 * e-mail, NIN, CAC number or JTB TIN (matched exactly), or a name (matched by similarity).
 * One term can be several things: `08031234567` is a phone and could be a NIN; both are tried.
 */
export function parseSearchTerm(input: string): SearchTerm | null {
  const text = input.trim();
  if (text === '') return null;
  const term: SearchTerm = {
    exact: { btin: [], phone: [], email: [], nin: [], cacNumber: [], jtbTin: [] },
    name: null,
  };
  const digits = text.replace(/[\s\-().]/g, '');
  if (/^\+?\d+$/.test(digits)) {
    if (isValidBtin(digits)) term.exact.btin.push(digits);
    if (/^\d{11}$/.test(digits)) term.exact.nin.push(digits);
    if (/^\d{10}$/.test(digits)) term.exact.jtbTin.push(digits);
    const phone = normaliseNigerianPhone(digits);
    if (phone) term.exact.phone.push(phone);
    return term;
  }
  if (text.includes('@')) {
    term.exact.email.push(text.toLowerCase());
    return term;
  }
  const cac = CAC.exec(text);
  if (cac) {
    term.exact.cacNumber.push(`${cac[1]?.toUpperCase()}${cac[2]}`);
    return term;
  }
  if (LETTERS.test(text)) term.name = text.replace(/\s+/g, ' ');
  return term;
}

/** The top bar search looks only for exact BTIN, e-mail or phone (docs/product.md §2). */
export function parseLookupTerm(input: string) {
  const text = input.trim();
  const digits = text.replace(/[\s\-().]/g, '');
  return {
    btin: isValidBtin(digits) ? digits : null,
    email: text.includes('@') ? text.toLowerCase() : null,
    phone: normaliseNigerianPhone(text),
  };
}
