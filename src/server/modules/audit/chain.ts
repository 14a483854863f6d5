import type { AuditVerifyResult } from '../../../shared/audit';
import type { Db } from '../../db/client';
import { type ChainLink, selectChainHead, selectChainLinks } from './queries';

/**
 * Rows read per query while walking the chain: ten million rows are walked in two thousand
 * steps without ever holding more than one step in memory.
 */
export const CHAIN_CHUNK_ROWS = 5_000;

type Walk = { checked: number; lastSeq: number; lastHash: string | null; lastId: number | null };

const broken = (walk: Walk, firstBadId: number | undefined, reason: string): AuditVerifyResult => ({
  intact: false,
  checked: walk.checked,
  ...(firstBadId === undefined ? {} : { firstBadId }),
  reason,
  headHash: null,
});

/** The first reason this link does not follow the one before it, or null when it does. */
function linkProblem(walk: Walk, link: ChainLink): string | null {
  const expectedSeq = walk.lastSeq + 1;
  if (link.seq !== expectedSeq) {
    const missing =
      link.seq - 1 === expectedSeq
        ? `position ${expectedSeq} is missing`
        : `positions ${expectedSeq} to ${link.seq - 1} are missing`;
    return `rows before it were deleted (chain ${missing})`;
  }
  if (link.prevHash !== walk.lastHash) {
    return walk.lastId === null
      ? 'the first row of the chain claims a row before it'
      : `it no longer links to audit row ${walk.lastId}: that row was rewritten (content and hash)`;
  }
  if (!link.isContentIntact) return 'its content no longer matches its hash: the row was altered';
  return null;
}

/**
 * Walks the audit chain from position 1 to its head (migration 0006): each row's hash is
 * SHA-256(prev_hash ‖ audit_event_content(row)) recomputed by the database, each prev_hash
 * is the hash of the row before, positions run 1, 2, 3 … without a gap, and the head row names
 * the last row. Reports the first row that breaks any of these. Reads only; rows appended
 * while it runs are walked too.
 */
export async function verifyAuditChain(
  db: Db,
  chunkRows: number = CHAIN_CHUNK_ROWS,
): Promise<AuditVerifyResult> {
  const walk: Walk = { checked: 0, lastSeq: 0, lastHash: null, lastId: null };

  const follow = (links: ChainLink[]): AuditVerifyResult | null => {
    for (const link of links) {
      walk.checked += 1;
      const problem = linkProblem(walk, link);
      if (problem) return broken(walk, link.id, problem);
      walk.lastSeq = link.seq;
      walk.lastHash = link.hash;
      walk.lastId = link.id;
    }
    return null;
  };

  for (;;) {
    const links = await selectChainLinks(db, walk.lastSeq, chunkRows);
    const problem = follow(links);
    if (problem) return problem;
    if (links.length > 0) continue;
    // The head is read after the rows ran out, then the rows once more: a row and the head's
    // move to it commit together, so every row the head counts is visible to that second read.
    const head = await selectChainHead(db);
    const late = await selectChainLinks(db, walk.lastSeq, chunkRows);
    const lateProblem = follow(late);
    if (lateProblem) return lateProblem;
    if (late.length > 0) continue;

    if (head.lastSeq > walk.lastSeq) {
      return broken(
        walk,
        undefined,
        `the last rows of the chain were deleted (positions ${walk.lastSeq + 1} to ${head.lastSeq})`,
      );
    }
    if (head.lastSeq < walk.lastSeq || head.lastHash !== walk.lastHash) {
      return broken(
        walk,
        walk.lastId ?? undefined,
        "the chain's recorded end does not match its last row: the row was rewritten (content and hash), or added around the chain",
      );
    }
    return { intact: true, checked: walk.checked, headHash: walk.lastHash };
  }
}

/** One line for a terminal or a log: what `npm run audit:verify` prints. */
export function describeVerification(result: AuditVerifyResult): string {
  if (result.intact) {
    return `chain intact: ${result.checked} rows, head ${result.headHash ?? '(empty chain)'}`;
  }
  const where =
    result.firstBadId === undefined ? 'the end of the chain' : `audit row ${result.firstBadId}`;
  return `chain broken at ${where}: ${result.reason ?? 'unknown reason'}`;
}
