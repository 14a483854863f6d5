import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import { ReferenceList } from '../../../shared/reference';
import type { Db } from '../../db/client';
import { sendWithEtag } from '../../etag';
import { createReferenceService } from './service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_000_000_000) });
/** states.id is a smallint: a larger id is no state (422), never an out-of-range query (500). */
const StateIdParams = z.object({ id: z.coerce.number().int().positive().max(32_767) });
const CodeParams = z.object({ code: z.string().trim().min(1).max(40) });

const listResponse = {
  200: ReferenceList,
  304: z.null().describe('Not modified: the ETag sent in If-None-Match still holds'),
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
};

/** Reference data (docs/product.md §3, §7: state/…, profession/…, occupation/…), cacheable by ETag. */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const reference = createReferenceService({ db });
  /** Every list: read by any officer, answered with an ETag. */
  const list = (operationId: string, summary: string) => ({
    schema: {
      tags: ['reference'],
      operationId,
      summary,
      description: `${summary}, as \`{ items }\` of id, name and, where it has one, code. Answers an ETag; send it back as If-None-Match for a 304.`,
      response: listResponse,
    },
    config: { permission: 'reference:read' as const },
  });
  const listOf = <P extends z.ZodType>(operationId: string, summary: string, params: P) => ({
    schema: { ...list(operationId, summary).schema, params },
    config: list(operationId, summary).config,
  });

  app.get(
    '/reference/states',
    list('listStates', 'List the 36 states and the FCT'),
    async (req, reply) => sendWithEtag(req, reply, { items: await reference.listStates() }),
  );
  app.get(
    '/reference/states/:id/lgas',
    listOf('listLgas', "List a state's local government areas", StateIdParams),
    async (req, reply) =>
      sendWithEtag(req, reply, { items: await reference.listLgas(req.params.id) }),
  );
  app.get(
    '/reference/lgas/:id/towns',
    listOf('listTowns', "List an LGA's towns and wards", IdParams),
    async (req, reply) =>
      sendWithEtag(req, reply, { items: await reference.listTowns(req.params.id) }),
  );
  app.get(
    '/reference/occupations',
    list('listOccupations', 'List occupations'),
    async (req, reply) => sendWithEtag(req, reply, { items: await reference.listOccupations() }),
  );
  app.get(
    '/reference/profession-categories',
    list('listProfessionCategories', 'List profession categories'),
    async (req, reply) =>
      sendWithEtag(req, reply, { items: await reference.listProfessionCategories() }),
  );
  app.get(
    '/reference/profession-categories/:code/subcategories',
    listOf(
      'listProfessionSubcategories',
      "List a profession category's sub-categories",
      CodeParams,
    ),
    async (req, reply) =>
      sendWithEtag(req, reply, {
        items: await reference.listProfessionSubcategories(req.params.code),
      }),
  );
  app.get(
    '/reference/profession-subcategories/:code/professions',
    listOf('listProfessions', "List a profession sub-category's professions", CodeParams),
    async (req, reply) =>
      sendWithEtag(req, reply, { items: await reference.listProfessions(req.params.code) }),
  );
};
