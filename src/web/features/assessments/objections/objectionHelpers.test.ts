import { describe, expect, it } from 'vitest';
import {
  decideFieldOf,
  incomeLine,
  initialDecision,
  previewRevisedTax,
  storedFiguresOf,
  toDecideInput,
  validateDecision,
} from './decideForm';
import { answerClock, objectionParams, truncateText } from './objectionSearch';

describe('answerClock', () => {
  it('counts the days left, due today, and the days overdue (in red)', () => {
    expect(answerClock(12)).toEqual({ text: '12 days left', isOverdue: false });
    expect(answerClock(1)).toEqual({ text: '1 day left', isOverdue: false });
    expect(answerClock(0)).toEqual({ text: 'Due today', isOverdue: false });
    expect(answerClock(-3)).toEqual({ text: '3 days overdue', isOverdue: true });
    expect(answerClock(null)).toBeNull();
  });
});

describe('truncateText', () => {
  it('keeps a short text whole and cuts a long one at a word', () => {
    expect(truncateText('Rent  counted\ntwice', 60)).toBe('Rent counted twice');
    expect(truncateText('Rent income was counted twice in the notice', 20)).toBe(
      'Rent income was…',
    );
  });
});

describe('objectionParams', () => {
  it('sends the filter and the page, defaults filled in', () => {
    expect(objectionParams({ status: 'open' }).toString()).toBe('status=open&page=1&pageSize=50');
    expect(objectionParams({ page: 3, pageSize: 25 }).toString()).toBe('page=3&pageSize=25');
  });
});

const stored = {
  incomes: [
    { source: 'employment', amountKobo: 400_000_000 },
    { source: 'rent', amountKobo: 100_000_000 },
  ],
  deductions: { pensionKobo: 32_000_000 },
  btin: '1000000018',
};

describe('the decision form', () => {
  it('starts a direct assessment from its stored income, in naira', () => {
    const figures = storedFiguresOf(stored);
    expect(figures?.deductions).toEqual({ pensionKobo: 32_000_000 });
    const values = initialDecision('direct', figures);
    expect(values.basis).toBe('income');
    expect(values.incomes.map((line) => [line.source, line.amount])).toEqual([
      ['employment', 4_000_000],
      ['rent', 1_000_000],
    ]);
    expect(initialDecision('presumptive', null).basis).toBe('tax');
    expect(storedFiguresOf({ taxKobo: 5 })).toBeNull();
  });

  it('sends no figures for a refusal, the tax or the income lines otherwise', () => {
    const base = { ...initialDecision('presumptive', null), reasons: '  Counted twice indeed ' };
    expect(toDecideInput({ ...base, outcome: 'refused', revisedTax: 5 }, {})).toEqual({
      outcome: 'refused',
      reasons: 'Counted twice indeed',
    });
    expect(toDecideInput({ ...base, outcome: 'upheld', revisedTax: 1500.5 }, {})).toEqual({
      outcome: 'upheld',
      reasons: 'Counted twice indeed',
      revised: { taxKobo: 150_050 },
    });
    const byIncome = {
      ...base,
      outcome: 'partly_upheld' as const,
      basis: 'income' as const,
      incomes: [incomeLine('employment', 4_000_000)],
    };
    expect(toDecideInput(byIncome, { pensionKobo: 1 })).toMatchObject({
      revised: {
        incomes: [{ source: 'employment', amountKobo: 400_000_000 }],
        deductions: { pensionKobo: 1 },
      },
    });
  });

  it('asks for the decision, the reasons and the revised figures', () => {
    const empty = initialDecision('direct', null);
    expect(validateDecision(empty)).toEqual({
      outcome: 'Choose the decision',
      reasons: 'Give the reasons in at least 10 characters',
    });
    const upheld = { ...empty, outcome: 'upheld' as const, reasons: 'Rent counted twice' };
    expect(validateDecision(upheld)).toEqual({ revisedTax: 'Enter the revised tax' });
    expect(
      validateDecision({ ...upheld, basis: 'income', incomes: [incomeLine(null, '')] }),
    ).toEqual({ 'incomes.0.source': 'Choose the source', 'incomes.0.amount': 'Enter the amount' });
    expect(validateDecision({ ...upheld, outcome: 'refused' })).toEqual({});
  });

  it('previews the revised tax with the engine, and none while a line is incomplete', () => {
    const values = initialDecision('direct', storedFiguresOf(stored));
    const full = previewRevisedTax(2024, values, { pensionKobo: 32_000_000 });
    const less = previewRevisedTax(
      2024,
      { ...values, incomes: values.incomes.slice(0, 1) },
      { pensionKobo: 32_000_000 },
    );
    expect(full).toBeGreaterThan(less ?? Number.POSITIVE_INFINITY);
    expect(previewRevisedTax(2024, { ...values, incomes: [incomeLine()] }, {})).toBeNull();
  });

  it('puts a server issue on its field', () => {
    expect(decideFieldOf('reasons', 'tax')).toBe('reasons');
    expect(decideFieldOf('revised', 'tax')).toBe('revisedTax');
    expect(decideFieldOf('revised', 'income')).toBe('incomes');
    expect(decideFieldOf('revised.incomes.1.amountKobo', 'income')).toBe('incomes.1.amount');
    expect(decideFieldOf('revised.incomes.0.source', 'income')).toBe('incomes.0.source');
    expect(decideFieldOf('version', 'tax')).toBeNull();
  });
});
