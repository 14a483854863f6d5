/**
 * What the EVAS (auto-registration) simulator remembers: the RRRs whose payers it registered.
 * Nothing is pre-seeded; the demo seed registers some paid RRRs, tests register their own.
 */

export type EvasRegistration = {
  rrr: string;
  customerId: string;
  /** EVAS's code for the registration: "00" registered (the default); anything else is not. */
  statusCode: string;
  message: string;
  transactionDate: string;
};

export type EvasSimulatorSnapshot = { registrations: EvasRegistration[] };

export function createEvasSimulator(
  options: { snapshot?: EvasSimulatorSnapshot | null; onChange?: () => void } = {},
) {
  const registrations = new Map<string, EvasRegistration>();
  for (const registration of options.snapshot?.registrations ?? []) {
    registrations.set(registration.rrr, registration);
  }

  return {
    /** Answer only after this long (memory only): how tests reach the client's timeout. */
    delayMs: 0,

    register(
      rrr: string,
      registration: {
        customerId: string;
        transactionDate: Date;
        statusCode?: string;
        message?: string;
      },
    ): EvasRegistration {
      const statusCode = registration.statusCode ?? '00';
      const saved: EvasRegistration = {
        rrr,
        customerId: registration.customerId,
        statusCode,
        message:
          registration.message ??
          (statusCode === '00' ? 'Customer registered successfully' : 'Registration not complete'),
        transactionDate: registration.transactionDate.toISOString(),
      };
      registrations.set(rrr, saved);
      options.onChange?.();
      return { ...saved };
    },

    getRegistration(rrr: string): EvasRegistration | null {
      const registration = registrations.get(rrr);
      return registration ? { ...registration } : null;
    },

    snapshot(): EvasSimulatorSnapshot {
      return { registrations: [...registrations.values()] };
    },
  };
}

export type EvasSimulator = ReturnType<typeof createEvasSimulator>;
