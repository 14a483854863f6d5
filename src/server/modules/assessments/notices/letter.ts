import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ObjectionStatus } from '../../../../shared/assessments/enums';
import { dayInWords } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import {
  DEFAULT_LETTERHEAD,
  detail,
  documentHeader,
  type Letterhead,
  renderPdf,
  section,
} from '../../../documents/pdf';

export type DecidedObjectionStatus = Exclude<ObjectionStatus, 'open'>;

/** Everything the letter answering an objection prints (a plain object, read before). */
export type DecisionLetter = {
  /** YYYY-MM-DD in Lagos: the day the objection was decided. */
  decidedOn: string;
  filedOn: string;
  taxpayer: { name: string; btin: string; address: string | null };
  /** The notice objected to. */
  noticeNumber: string;
  taxYear: number;
  assessedKobo: number;
  grounds: string;
  disputedKobo: number;
  decision: DecidedObjectionStatus;
  reasons: string;
  /** Upheld or partly upheld: the notice that replaces the one objected to. */
  revised: { noticeNumber: string | null; taxKobo: number } | null;
  /** The director who decided, by name, when known. */
  decidedBy: string | null;
};

export const DECISION_WORDS = {
  upheld: 'Upheld',
  partly_upheld: 'Partly upheld',
  refused: 'Refused',
} as const satisfies Record<DecidedObjectionStatus, string>;

function decisionSentence(letter: DecisionLetter): string {
  const notice = `notice of assessment ${letter.noticeNumber} for ${letter.taxYear}`;
  switch (letter.decision) {
    case 'upheld':
      return `Your objection to ${notice} has been upheld.`;
    case 'partly_upheld':
      return `Your objection to ${notice} has been partly upheld.`;
    case 'refused':
      return `Your objection to ${notice} has been refused: the assessment stands as issued.`;
  }
}

/** The decision on an objection, as a letter in PDF (docs/tax-rules.md: answered within 90 days). */
export function renderDecisionLetterPdf(
  letter: DecisionLetter,
  letterhead: Letterhead = DEFAULT_LETTERHEAD,
): Promise<Buffer> {
  const naira = formatKoboAsNaira;
  const rows: TableCell[][] = [
    detail('Notice objected to', letter.noticeNumber),
    detail('Year of assessment', String(letter.taxYear)),
    detail('Tax assessed', naira(letter.assessedKobo)),
    detail('Objection filed on', dayInWords(letter.filedOn)),
    detail('Amount disputed', naira(letter.disputedKobo)),
    detail('Decision', DECISION_WORDS[letter.decision]),
  ];
  if (letter.revised) {
    rows.push(
      detail('Revised notice', letter.revised.noticeNumber ?? 'to be issued'),
      detail('Revised tax', naira(letter.revised.taxKobo)),
    );
  }
  const content: Content[] = [
    ...documentHeader('Decision on Objection to Assessment', letterhead),
    { text: `Date: ${dayInWords(letter.decidedOn)}`, alignment: 'right' },
    {
      text: [
        { text: `${letter.taxpayer.name}\n`, bold: true },
        `BTIN ${letter.taxpayer.btin}\n`,
        letter.taxpayer.address ?? '',
      ],
      margin: [0, 8, 0, 12],
    },
    { text: decisionSentence(letter), bold: true, margin: [0, 0, 0, 8] },
    { table: { widths: [150, '*'], body: rows }, layout: 'lightHorizontalLines' },
    section('Your grounds', [{ text: letter.grounds }]),
    section('Reasons for the decision', [{ text: letter.reasons }]),
  ];
  if (letter.revised) {
    content.push({
      text: `The revised notice replaces notice ${letter.noticeNumber}; pay the revised amount less what you have already paid.`,
      margin: [0, 10, 0, 0],
    });
  }
  // The signature block is never split from its line, nor left alone at the top of a page.
  content.push({
    stack: [
      { text: '______________________________', margin: [0, 48, 0, 4] },
      { text: letter.decidedBy ?? '', bold: true },
      { text: 'Director of Assessment' },
      { text: `For: ${letterhead.serviceName}` },
    ],
    unbreakable: true,
  });
  return renderPdf(
    `Decision on objection to ${letter.noticeNumber}`,
    content,
    undefined,
    undefined,
    letterhead.serviceName,
  );
}
