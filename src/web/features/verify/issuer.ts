/**
 * Who issued the papers the public checks: the revenue service, in whose name the pages speak
 * (ADR 0032). RevDesk is the software, not the issuer. As the documents print it
 * (src/server/documents/pdf.ts SERVICE_NAME).
 */
export const ISSUER = 'Bayelsa State Board of Internal Revenue';
