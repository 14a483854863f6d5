import { Alert, Badge, Tooltip } from '@mantine/core';
import type { MdaView } from '../../../shared/mdas';
import { formatLagosDateTime } from '../../lib/format';

type Fault = NonNullable<MdaView['remitaFault']>;

function faultText(fault: Fault): string {
  return `Remita refused these settings on ${formatLagosDateTime(fault.at)} (code ${fault.code}: ${fault.message}).`;
}

/** The MDA list's mark of a kept Remita configuration fault (ADR 0021), its words on hover. */
export function RemitaFaultBadge({ fault }: { fault: Fault }) {
  return (
    <Tooltip label={faultText(fault)} multiline w={280}>
      <Badge color="red.9" variant="filled" tabIndex={0} aria-label={faultText(fault)}>
        Refused ({fault.code})
      </Badge>
    </Tooltip>
  );
}

/** The same fault on the MDA's form, where the administrator corrects the settings. */
export function RemitaFaultAlert({ fault }: { fault: Fault }) {
  return (
    <Alert color="red" variant="light" title="Remita refused this MDA's settings">
      {faultText(fault)} Check the merchant ID, service type IDs and API key with Remita; saving new
      ones clears this.
    </Alert>
  );
}
