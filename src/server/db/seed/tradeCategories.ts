import type { TradeCategoryInput } from '../../../shared/assessments/categories';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { createTradeCategoryService } from '../../modules/assessments/categories/service';
import type { Db } from '../client';

/** ₦ → kobo, so the table below reads in naira as a revenue officer would write it. */
const naira = (amount: number) => amount * 100;

const bySize = (
  name: string,
  description: string,
  [small, medium, large]: readonly [number, number, number],
): TradeCategoryInput => ({
  name,
  description,
  rule: 'fixed_by_size',
  smallKobo: naira(small),
  mediumKobo: naira(medium),
  largeKobo: naira(large),
});

/**
 * Demo trade categories of presumptive tax for Bayelsa: market traders, artisans, transporters
 * (on the roads and, the state being riverine, on the creeks) and food vendors, with annual
 * amounts of the size a state board publishes. The amounts are DEMO VALUES, not law: every
 * row is stored `isDemo`, and the screens mark them so. The last follows the national rule for
 * larger traders (docs/tax-rules.md, "Presumptive tax": turnover up to ₦12 m exempt, 1 % above).
 */
export const DEMO_TRADE_CATEGORIES: readonly TradeCategoryInput[] = [
  bySize(
    'Foodstuff traders',
    'Garri, rice, beans, plantain and yam sellers in the markets (Swali, Kpansia, Opolo).',
    [5_000, 10_000, 20_000],
  ),
  bySize(
    'Provision stores',
    'Provisions and toiletries, market stalls and roadside kiosks.',
    [6_000, 12_000, 25_000],
  ),
  bySize(
    'Fabric and textile traders',
    'Wrappers, lace, ankara and george sellers.',
    [7_500, 15_000, 30_000],
  ),
  bySize('Fish sellers', 'Fresh and smoked fish, periwinkle and crayfish.', [4_000, 8_000, 15_000]),
  bySize(
    'Tailors and fashion designers',
    'Tailoring shops, with or without apprentices.',
    [4_000, 8_000, 15_000],
  ),
  bySize('Hairdressers and barbers', 'Salons and barbing shops.', [4_000, 8_000, 15_000]),
  bySize(
    'Carpenters and furniture makers',
    'Workshops making doors, roofs and furniture.',
    [5_000, 10_000, 20_000],
  ),
  bySize(
    'Welders and metal fabricators',
    'Gates, burglary-proof frames and boat fittings.',
    [5_000, 10_000, 20_000],
  ),
  bySize('Motor mechanics', 'Roadside and workshop vehicle repairers.', [5_000, 10_000, 20_000]),
  bySize('Vulcanisers', 'Tyre repair and wheel balancing.', [3_000, 6_000, 10_000]),
  bySize(
    'Keke NAPEP (tricycle) operators',
    'Commercial tricycles; size by the number of tricycles operated.',
    [6_000, 12_000, 24_000],
  ),
  bySize(
    'Okada (commercial motorcycle) riders',
    'Commercial motorcycles where still allowed.',
    [4_000, 8_000, 16_000],
  ),
  bySize('Taxi operators', 'Commercial cars within and between towns.', [8_000, 16_000, 30_000]),
  bySize(
    'Bus operators',
    'Commercial buses (Yenagoa–Mbiama, intra-city).',
    [10_000, 20_000, 40_000],
  ),
  bySize(
    'Boat and speedboat operators',
    'Passenger and cargo boats on the creeks (Yenagoa, Nembe, Brass, Ogbia waterside jetties).',
    [10_000, 25_000, 50_000],
  ),
  bySize('Buka and canteen operators', 'Eateries with seating.', [6_000, 12_000, 24_000]),
  bySize(
    'Roadside food vendors',
    'Boli and fish, suya, akara and other street food.',
    [3_000, 6_000, 10_000],
  ),
  {
    name: 'Larger traders (turnover based)',
    description:
      'Traders whose turnover can be estimated: turnover up to ₦12 m a year exempt, 1 % of turnover above it.',
    rule: 'percent_of_turnover',
    turnoverThresholdKobo: naira(12_000_000),
    rateBasisPoints: 100,
  },
];

/**
 * The demo trade categories, through the categories' own service (so each is audited).
 * Idempotent: a category whose name exists already, in any case, is left alone. Answers how
 * many it added.
 */
export async function seedDemoTradeCategories(db: Db, config: Config): Promise<number> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const service = createTradeCategoryService({ db });
  const actor = systemActor('seed');
  let added = 0;
  for (const category of DEMO_TRADE_CATEGORIES) {
    try {
      await service.createTradeCategory(actor, category, { isDemo: true });
      added += 1;
    } catch (err) {
      // A category of that name exists already (an earlier run, or an administrator's own).
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    }
  }
  return added;
}
