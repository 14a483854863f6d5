import type {
  BankAccountChange,
  BankAccountInput,
  BankAccountList,
  BankAccountView,
} from '../../../../shared/bank/accounts';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import {
  type BankAccountListRow,
  type BankAccountRow,
  insertBankAccount,
  selectBankAccountByNumber,
  selectBankAccounts,
  selectMdaName,
  updateBankAccount,
} from './queries';

/**
 * The service's collection accounts (docs/bank.md "Collection accounts"): settings ADMIN keeps
 * — bank, account number, name, and the MDA collecting into it (none: the general account).
 * Each creation and change is audited in its transaction. An account is deactivated, never
 * deleted: its statement lines and sign-offs keep pointing at it.
 */

function toView(row: BankAccountListRow): BankAccountView {
  const a = row.account;
  return {
    id: a.id,
    accountNumber: a.accountNumber,
    bank: a.bank,
    name: a.name,
    mdaId: a.mdaId,
    mdaName: row.mdaName,
    matchWindowDays: a.matchWindowDays,
    isActive: a.isActive,
  };
}

function auditShape(a: BankAccountRow) {
  return {
    accountNumber: a.accountNumber,
    bank: a.bank,
    name: a.name,
    mdaId: a.mdaId,
    matchWindowDays: a.matchWindowDays,
    isActive: a.isActive,
  };
}

export function createBankAccountService(deps: { db: Db }) {
  const { db } = deps;

  async function mdaNameOrThrow(tx: Db, mdaId: string | null): Promise<string | null> {
    if (mdaId === null) return null;
    const name = await selectMdaName(tx, mdaId);
    if (name === null) {
      throw fieldError('mdaId', 'There is no such MDA. Choose one from the list.');
    }
    return name;
  }

  return {
    async listAccounts(
      _actor: Actor,
      filter: { includeInactive?: boolean | undefined },
    ): Promise<BankAccountList> {
      const rows = await selectBankAccounts(db, {
        includeInactive: filter.includeInactive ?? false,
      });
      return { items: rows.map(toView) };
    },

    /** The account by number, active or not; 404 when RevDesk keeps no such account. */
    async getAccount(
      _actor: Actor,
      accountNumber: string,
    ): Promise<BankAccountView & { id: string }> {
      const row = await selectBankAccountByNumber(db, accountNumber);
      if (!row) {
        throw new AppError(
          'NOT_FOUND',
          `Account ${accountNumber} is not one of the service's collection accounts. An administrator adds it under Collection accounts.`,
        );
      }
      return toView(row);
    },

    async createAccount(actor: Actor, input: BankAccountInput): Promise<BankAccountView> {
      return db.transaction(async (tx) => {
        const mdaName = await mdaNameOrThrow(tx, input.mdaId);
        const account = await insertBankAccount(tx, {
          bank: input.bank,
          accountNumber: input.accountNumber,
          name: input.name,
          mdaId: input.mdaId,
          ...(input.matchWindowDays === undefined
            ? {}
            : { matchWindowDays: input.matchWindowDays }),
        });
        if (!account) {
          throw new AppError(
            'CONFLICT',
            `Account ${input.accountNumber} is already a collection account.`,
          );
        }
        await recordAudit(tx, actor, {
          action: 'bank_account.created',
          entityType: 'bank_account',
          entityId: account.id,
          after: auditShape(account),
        });
        return toView({ account, mdaName });
      });
    },

    async changeAccount(
      actor: Actor,
      accountNumber: string,
      change: BankAccountChange,
    ): Promise<BankAccountView> {
      return db.transaction(async (tx) => {
        const row = await selectBankAccountByNumber(tx, accountNumber, { forUpdate: true });
        if (!row) {
          throw new AppError(
            'NOT_FOUND',
            `Account ${accountNumber} is not one of the service's collection accounts.`,
          );
        }
        const mdaName =
          change.mdaId === undefined ? row.mdaName : await mdaNameOrThrow(tx, change.mdaId);
        const updated = await updateBankAccount(tx, row.account.id, {
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.mdaId === undefined ? {} : { mdaId: change.mdaId }),
          ...(change.matchWindowDays === undefined
            ? {}
            : { matchWindowDays: change.matchWindowDays }),
          ...(change.isActive === undefined ? {} : { isActive: change.isActive }),
        });
        const action =
          change.isActive === false && row.account.isActive
            ? 'bank_account.deactivated'
            : change.isActive === true && !row.account.isActive
              ? 'bank_account.reactivated'
              : 'bank_account.changed';
        await recordAudit(tx, actor, {
          action,
          entityType: 'bank_account',
          entityId: updated.id,
          before: auditShape(row.account),
          after: auditShape(updated),
        });
        return toView({ account: updated, mdaName });
      });
    },
  };
}

export type BankAccountService = ReturnType<typeof createBankAccountService>;
