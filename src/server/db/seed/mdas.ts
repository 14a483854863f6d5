import type { MdaCategory } from '../../../shared/mdas';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { createMdaService } from '../../modules/mdas/service';
import { secretBoxFromConfig } from '../../secrets';
import type { Db } from '../client';

/**
 * Over 300 lines because most of it is the demo data itself, one MDA per block.
 *
 * Demo MDAs of Bayelsa State: 17 ministries, departments and agencies and the 8
 * LGAs, each with revenue heads by economic code (National Chart of Accounts: 1201 taxes,
 * 1202 fees, licences, fines and rents). Names are real-sounding, amounts plausible, nothing
 * here is an official tariff.
 *
 * Remita credentials are the simulator's, derived from the MDA's place in this list
 * so the simulator can know them: merchant 2547916 + n, API key "1946" + n, service type
 * 4430731 + n (n = 0, 1, …). Two MDAs have none, as some do in real life.
 */

type DemoHead = readonly [code: string, name: string, defaultAmountNaira?: number];
type DemoMda = {
  code: string;
  name: string;
  shortName?: string;
  category: MdaCategory;
  hasCredentials?: false;
  heads: readonly DemoHead[];
};

const LGA_HEADS = {
  tenement: ['12020706', 'Tenement rate'],
  market: ['12020601', 'Market stall fees', 500],
  motorPark: ['12020602', 'Motor park levy', 300],
  marriage: ['12020451', 'Marriage registration fees', 5_000],
  births: ['12020452', 'Birth and death registration fees', 1_000],
  slaughter: ['12020603', 'Slaughter slab fees', 1_500],
  canoe: ['12020115', 'Boat and canoe licence', 2_500],
} as const satisfies Record<string, DemoHead>;

export const DEMO_MDAS: readonly DemoMda[] = [
  {
    code: 'BIRS',
    name: 'Bayelsa State Board of Internal Revenue',
    shortName: 'BIRS',
    category: 'agency',
    heads: [
      ['12010101', 'Personal income tax (PAYE)'],
      ['12010102', 'Personal income tax (direct assessment)'],
      ['12010105', 'Withholding tax'],
      ['12010401', 'Stamp duties'],
      ['12020212', 'Tax clearance certificate fees', 5_000],
      ['12010701', 'Development levy', 100],
      // SSC_REVENUE_HEAD_CODE (shared/ssc/enums.ts): SSC bills default to it.
      ['12010702', 'Social services contribution (SSC) levy'],
    ],
  },
  {
    code: 'MOH',
    name: 'Ministry of Health',
    category: 'ministry',
    heads: [
      ['12020415', 'Hospital fees'],
      ['12020416', 'Medical certificate fees', 2_000],
      ['12020117', 'Registration of private hospitals and clinics', 50_000],
      ['12020120', 'Patent medicine vendor licence', 10_000],
    ],
  },
  {
    code: 'MLS',
    name: 'Ministry of Lands and Survey',
    shortName: 'Lands',
    category: 'ministry',
    heads: [
      ['12020402', 'Certificate of Occupancy fees'],
      ['12020707', 'Ground rent'],
      ['12020403', 'Survey plan approval fees', 25_000],
      ['12020404', "Governor's consent fees"],
    ],
  },
  {
    code: 'MWI',
    name: 'Ministry of Works and Infrastructure',
    shortName: 'Works',
    category: 'ministry',
    heads: [
      ['12020405', 'Contractor registration fees', 50_000],
      ['12020406', 'Road cutting permit'],
      ['12020301', 'Fines for damage to state roads'],
    ],
  },
  {
    code: 'MOE',
    name: 'Bayelsa State Ministry of Education',
    shortName: 'Education',
    category: 'ministry',
    heads: [
      ['12020407', 'Private school registration fees', 100_000],
      ['12020408', 'Certificate verification fees', 5_000],
      ['12020409', 'Examination fees'],
    ],
  },
  {
    code: 'MOJ',
    name: 'Ministry of Justice',
    category: 'ministry',
    heads: [
      ['12020410', 'Legal search fees', 2_000],
      ['12020411', 'Notarial fees', 3_000],
    ],
  },
  {
    code: 'MANR',
    name: 'Ministry of Agriculture and Natural Resources',
    shortName: 'Agriculture',
    category: 'ministry',
    heads: [
      ['12020121', 'Fishing licence', 5_000],
      ['12020412', 'Produce inspection fees'],
      ['12020604', 'Abattoir fees', 2_000],
    ],
  },
  {
    code: 'MCII',
    name: 'Ministry of Commerce, Industry and Investment',
    shortName: 'Commerce',
    category: 'ministry',
    heads: [
      ['12020122', 'Business premises registration', 10_000],
      ['12020123', 'Trade permit'],
      ['12020605', 'Shopping complex rent'],
    ],
  },
  {
    code: 'MOT',
    name: 'Ministry of Transport',
    category: 'ministry',
    heads: [
      ['12020124', 'Water transport operators permit', 20_000],
      ['12020413', 'Roadworthiness certificate', 5_000],
      ['12020302', 'Traffic offence fines'],
    ],
  },
  {
    code: 'MOENV',
    name: 'Ministry of Environment',
    shortName: 'Environment',
    category: 'ministry',
    heads: [
      ['12020414', 'Environmental impact assessment fees'],
      ['12020303', 'Sanitation offence fines', 10_000],
      ['12020125', 'Waste management levy'],
    ],
  },
  {
    code: 'MPPUD',
    name: 'Ministry of Physical Planning and Urban Development',
    shortName: 'Physical Planning',
    category: 'ministry',
    heads: [
      ['12020417', 'Building plan approval fees'],
      ['12020418', 'Change of land use fees'],
    ],
  },
  {
    code: 'MCT',
    name: 'Ministry of Culture and Tourism',
    shortName: 'Tourism',
    category: 'ministry',
    heads: [
      ['12020126', 'Hotel operating licence', 50_000],
      ['12020127', 'Tourism levy'],
    ],
  },
  {
    code: 'BYSAA',
    name: 'Bayelsa State Signage and Advertisement Agency',
    shortName: 'BYSAA',
    category: 'agency',
    heads: [
      ['12020128', 'Signage permit fees'],
      ['12020708', 'Billboard site rent'],
    ],
  },
  {
    code: 'BYSESA',
    name: 'Bayelsa State Environmental Sanitation Authority',
    shortName: 'BYSESA',
    category: 'agency',
    heads: [
      ['12020129', 'Refuse collection fees', 1_000],
      ['12020304', 'Environmental sanitation fines'],
    ],
  },
  {
    code: 'BSWB',
    name: 'Bayelsa State Water Board',
    shortName: 'Water Board',
    category: 'agency',
    heads: [
      ['12020419', 'Water rate'],
      ['12020420', 'New connection fees', 15_000],
    ],
  },
  {
    code: 'JUD',
    name: 'Bayelsa State Judiciary',
    shortName: 'Judiciary',
    category: 'department',
    hasCredentials: false,
    heads: [
      ['12020421', 'Court filing fees'],
      ['12020422', 'Affidavit fees', 500],
      ['12020305', 'Court fines'],
    ],
  },
  {
    code: 'CSC',
    name: 'Bayelsa State Civil Service Commission',
    shortName: 'Civil Service',
    category: 'department',
    hasCredentials: false,
    heads: [['12020423', 'Recruitment form fees', 2_000]],
  },
  {
    code: 'LG-BRS',
    name: 'Brass Local Government Council',
    shortName: 'Brass LGA',
    category: 'lga',
    heads: [LGA_HEADS.tenement, LGA_HEADS.market, LGA_HEADS.canoe, LGA_HEADS.marriage],
  },
  {
    code: 'LG-EKE',
    name: 'Ekeremor Local Government Council',
    shortName: 'Ekeremor LGA',
    category: 'lga',
    heads: [LGA_HEADS.tenement, LGA_HEADS.market, LGA_HEADS.canoe],
  },
  {
    code: 'LG-KOK',
    name: 'Kolokuma/Opokuma Local Government Council',
    shortName: 'Kolokuma/Opokuma LGA',
    category: 'lga',
    heads: [LGA_HEADS.tenement, LGA_HEADS.market, LGA_HEADS.births],
  },
  {
    code: 'LG-NEM',
    name: 'Nembe Local Government Council',
    shortName: 'Nembe LGA',
    category: 'lga',
    heads: [LGA_HEADS.tenement, LGA_HEADS.market, LGA_HEADS.canoe, LGA_HEADS.slaughter],
  },
  {
    code: 'LG-OGB',
    name: 'Ogbia Local Government Council',
    shortName: 'Ogbia LGA',
    category: 'lga',
    heads: [LGA_HEADS.tenement, LGA_HEADS.market, LGA_HEADS.motorPark, LGA_HEADS.marriage],
  },
  {
    code: 'LG-SAG',
    name: 'Sagbama Local Government Council',
    shortName: 'Sagbama LGA',
    category: 'lga',
    heads: [LGA_HEADS.tenement, LGA_HEADS.market, LGA_HEADS.motorPark],
  },
  {
    code: 'LG-SIJ',
    name: 'Southern Ijaw Local Government Council',
    shortName: 'Southern Ijaw LGA',
    category: 'lga',
    heads: [LGA_HEADS.tenement, LGA_HEADS.market, LGA_HEADS.canoe, LGA_HEADS.births],
  },
  {
    code: 'LG-YEN',
    name: 'Yenagoa Local Government Council',
    shortName: 'Yenagoa LGA',
    category: 'lga',
    heads: [
      LGA_HEADS.tenement,
      LGA_HEADS.market,
      LGA_HEADS.motorPark,
      LGA_HEADS.marriage,
      LGA_HEADS.births,
      LGA_HEADS.slaughter,
    ],
  },
];

/** The simulator's credentials for the n-th demo MDA (see the note at the top). */
export function demoRemitaCredentials(n: number) {
  return {
    merchantId: String(2_547_916 + n),
    apiKey: `1946${n === 0 ? '' : `-${n}`}`,
    serviceTypeIds: [String(4_430_731 + n)],
  };
}

/**
 * Adds the demo MDAs that are missing, by code, with their revenue heads, through the MDA
 * service (so each is validated, its key sealed and its creation audited). An MDA that exists
 * is left as it is: an administrator may have changed it. Answers the ids by code.
 */
export async function seedDemoMdas(db: Db, config: Config): Promise<Map<string, string>> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const service = createMdaService({ db, secrets: secretBoxFromConfig(config) });
  const actor = systemActor('seed');
  const existing = await service.listMdas(actor, { includeInactive: true });
  const ids = new Map(existing.items.map((m) => [m.code, m.id]));
  for (const [n, demo] of DEMO_MDAS.entries()) {
    if (ids.has(demo.code)) continue;
    const credentials = demo.hasCredentials === false ? null : demoRemitaCredentials(n);
    const mda = await service.createMda(actor, {
      code: demo.code,
      name: demo.name,
      shortName: demo.shortName ?? null,
      category: demo.category,
      isActive: true,
      merchantId: credentials?.merchantId ?? null,
      serviceTypeIds: credentials?.serviceTypeIds ?? [],
      ...(credentials ? { apiKey: credentials.apiKey } : {}),
    });
    for (const [code, name, naira] of demo.heads) {
      await service.addRevenueHead(actor, mda.id, {
        code,
        name,
        defaultAmountKobo: naira === undefined ? null : naira * 100,
        isActive: true,
      });
    }
    ids.set(demo.code, mda.id);
  }
  return ids;
}
