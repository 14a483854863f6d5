import { Anchor } from '@mantine/core';
import { formatNigerianPhone } from '../format';

/**
 * A phone number shown to an officer, as a `tel:` link so a phone dials it with one tap.
 * The link dials the stored E.164 number; the text reads as officers write it.
 */
export function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return null;
  return (
    <Anchor
      href={`tel:${phone.replace(/[^+\d]/g, '')}`}
      inherit
      // Underlined wherever it sits: inside a line of text a link told apart by colour alone
      // fails WCAG 1.4.1 (axe link-in-text-block), as a payer's phone under their name did.
      underline="always"
      // Dialling is all a tap on the number does: it never also opens the row it sits in.
      onClick={(event) => event.stopPropagation()}
    >
      {formatNigerianPhone(phone)}
    </Anchor>
  );
}
