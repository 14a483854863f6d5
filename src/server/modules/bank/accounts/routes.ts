import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BankAccountChange,
  BankAccountInput,
  BankAccountList,
  BankAccountListQuery,
  BankAccountParams,
  BankAccountView,
} from '../../../../shared/bank/accounts';
import { ErrorBody } from '../../../../shared/errors';
import type { Db } from '../../../db/client';
import { createBankAccountService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['bank'];

/**
 * The service's collection accounts (docs/bank.md "Collection accounts"): ADMIN and EXECUTIVE
 * read them (`bank:read`: the post-transactions page picks one); ADMIN keeps them
 * (`bank:accounts`).
 */
export const bankAccountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const accounts = createBankAccountService({ db });

  app.get(
    '/bank/accounts',
    {
      schema: {
        tags,
        operationId: 'listBankAccounts',
        summary: 'List the collection accounts',
        description:
          'The bank accounts revenue is paid into: bank, account number, name and the MDA collecting into it (`mdaId` null: the service’s general account). Active ones only, unless `includeInactive=true`.',
        querystring: BankAccountListQuery,
        response: { 200: BankAccountList, ...errors },
      },
      config: { permission: 'bank:read' },
    },
    (req) => accounts.listAccounts(req.actor, req.query),
  );

  app.post(
    '/bank/accounts',
    {
      schema: {
        tags,
        operationId: 'createBankAccount',
        summary: 'Add a collection account',
        description:
          'A ten-digit account number (NUBAN) at a bank RevDesk reads statements from, its name, its MDA (null: the general account) and `matchWindowDays`, the days either side of a credit’s value date the matcher looks for a payment of its amount (0–31, 3 when left out). An account number held already is a 409.',
        body: BankAccountInput,
        response: { 201: BankAccountView, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:accounts' },
    },
    async (req, reply) => reply.code(201).send(await accounts.createAccount(req.actor, req.body)),
  );

  app.patch(
    '/bank/accounts/:accountNumber',
    {
      schema: {
        tags,
        operationId: 'changeBankAccount',
        summary: 'Change or deactivate a collection account',
        description:
          'Its name, its MDA, its `matchWindowDays` (0–31), or `isActive` (false: deactivated — its statements are no longer fetched; its stored lines stay). Audited.',
        params: BankAccountParams,
        body: BankAccountChange,
        response: { 200: BankAccountView, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:accounts' },
    },
    (req) => accounts.changeAccount(req.actor, req.params.accountNumber, req.body),
  );
};
