import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createSimulators } from './simulators';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configFor(env: 'development' | 'test') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revdesk-sim-'));
  dirs.push(dataDir);
  return loadConfig({ NODE_ENV: env, DATA_DIR: dataDir, SEED: 'none', SIMULATORS: 'on' });
}

const invoice = {
  merchantId: '2547916',
  serviceTypeId: '4430731',
  amountKobo: 500_000,
  orderId: 'ORD-1',
  payerName: 'Ebiere Douglas',
  payerEmail: 'ebiere@example.com',
  payerPhone: '08031234567',
  description: 'Tax clearance certificate fees',
};

describe('the simulators’ state', () => {
  it('knows the demo MDAs’ merchants from the start', () => {
    const { remita } = createSimulators(configFor('test'));
    expect(remita.getMerchant('2547916')).toMatchObject({ apiKey: '1946' });
    expect(remita.getMerchant('2547917')).toMatchObject({ apiKey: '1946-1' });
  });

  it('raises unique 12-digit RRRs, and refuses a taken one or an unknown merchant', () => {
    const { remita } = createSimulators(configFor('test'));
    const first = remita.addInvoice(invoice);
    const second = remita.addInvoice(invoice);
    expect(first.rrr).toMatch(/^\d{12}$/);
    expect(second.rrr).not.toBe(first.rrr);
    expect(first).toMatchObject({ statusCode: '025', paidAt: null });
    expect(() => remita.addInvoice({ ...invoice, rrr: first.rrr })).toThrow(/taken/);
    expect(() => remita.addInvoice({ ...invoice, merchantId: '1' })).toThrow(/no merchant/);
  });

  it('pays once: paying again keeps the first time', () => {
    const { remita } = createSimulators(configFor('test'));
    const { rrr } = remita.addInvoice(invoice);
    const paid = remita.pay(rrr);
    expect(paid).toMatchObject({ statusCode: '00', paidAmountKobo: 500_000 });
    expect(paid.paidAt).not.toBeNull();
    expect(remita.pay(rrr).paidAt).toBe(paid.paidAt);
  });

  it('keeps nothing on disk in tests', () => {
    const config = configFor('test');
    createSimulators(config).remita.addInvoice(invoice);
    expect(existsSync(path.join(config.dataDir, 'simulators.json'))).toBe(false);
  });

  it('keeps the demo’s RRRs and registrations across a restart', () => {
    const config = configFor('development');
    const before = createSimulators(config);
    const { rrr } = before.remita.addInvoice({ ...invoice, statusCode: '00' });
    before.evas.register(rrr, { customerId: 'BYS-1', transactionDate: new Date() });
    expect(
      JSON.parse(readFileSync(path.join(config.dataDir, 'simulators.json'), 'utf8')),
    ).toHaveProperty('remita');

    const after = createSimulators(config);
    expect(after.remita.getInvoice(rrr)).toEqual(before.remita.getInvoice(rrr));
    expect(after.evas.getRegistration(rrr)).toMatchObject({ customerId: 'BYS-1' });
    expect(after.remita.addInvoice(invoice).rrr).not.toBe(rrr);
  });
});
