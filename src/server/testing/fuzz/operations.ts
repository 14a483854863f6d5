import { type Permission, permissionsOf } from '../../../shared/permissions';
import { USER_TYPES, type UserType } from '../../../shared/userTypes';
import type { Components, JsonSchema } from './schema';

/** The parts of the OpenAPI document the fuzz tests read. */
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Components };
};

type OpenApiOperation = {
  operationId: string;
  description?: string;
  security?: unknown[];
  'x-permission'?: Permission;
  'x-any-permission'?: Permission[];
  parameters?: {
    in: 'path' | 'query' | 'header' | 'cookie';
    name: string;
    required?: boolean;
    schema: JsonSchema;
  }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

/** What a multipart route reads: the name of its file field, its kind of file, its other fields. */
export type Upload = { field: string; kind: 'image' | 'rrr-csv' | 'payroll'; withMdaId: boolean };

/**
 * The routes that read `multipart/form-data` (the document has no body schema for them; their
 * descriptions name the fields). A multipart route missing here fails the fuzz test.
 */
export const UPLOADS: Record<string, Upload> = {
  uploadProfilePhoto: { field: 'photo', kind: 'image', withMdaId: false },
  uploadProfileSignature: { field: 'signature', kind: 'image', withMdaId: false },
  uploadTaxpayerPhoto: { field: 'photo', kind: 'image', withMdaId: false },
  createRrrStatusBatch: { field: 'file', kind: 'rrr-csv', withMdaId: true },
  createTccBatch: { field: 'file', kind: 'payroll', withMdaId: true },
  addTccEvidence: { field: 'file', kind: 'image', withMdaId: false },
  uploadLetterheadCrest: { field: 'crest', kind: 'image', withMdaId: false },
  uploadStampInstrumentScan: { field: 'file', kind: 'image', withMdaId: false },
  // Its category and month fields are left out: the route refuses the upload before the file
  // (422 naming the field), which the fuzzing still drives through the multipart read.
  uploadSscSchedule: { field: 'file', kind: 'rrr-csv', withMdaId: true },
  uploadPosSettlement: { field: 'file', kind: 'rrr-csv', withMdaId: false },
  // Its note field is left out: the route refuses the upload (422 naming it) after reading it.
  importBudget: { field: 'file', kind: 'rrr-csv', withMdaId: false },
};

export type Operation = {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/api/v1/taxpayers/{btin}` */
  path: string;
  isPublic: boolean;
  /** The permissions of which the gate asks one (one for most routes); empty when public. */
  permissions: readonly Permission[];
  /** The first user type (in USER_TYPES order) that holds one of them. */
  userType: UserType | null;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
  upload: Upload | null;
  /** The response schema per status, null when the answer is not JSON (a PDF, a CSV). */
  responses: Map<number, JsonSchema | null>;
  /** The media types documented per status besides JSON: a list's CSV and XLSX, a PDF… */
  fileTypes: Map<number, string[]>;
};

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): Operation => {
      const permissions = op['x-permission']
        ? [op['x-permission']]
        : (op['x-any-permission'] ?? []);
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (!isPublic && permissions.length === 0)
        throw new Error(`${op.operationId} names no permission`);
      const upload = UPLOADS[op.operationId] ?? null;
      if (!upload && op.description?.includes('multipart/form-data'))
        throw new Error(`${op.operationId} reads multipart/form-data: describe it in UPLOADS`);
      const parameters = op.parameters ?? [];
      const responses = new Map<number, JsonSchema | null>();
      const fileTypes = new Map<number, string[]>();
      for (const [status, response] of Object.entries(op.responses)) {
        responses.set(Number(status), response.content?.['application/json']?.schema ?? null);
        const others = Object.keys(response.content ?? {}).filter((t) => t !== 'application/json');
        fileTypes.set(Number(status), others);
      }
      return {
        operationId: op.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        isPublic,
        permissions,
        userType:
          USER_TYPES.find((type) => permissions.some((p) => permissionsOf(type).includes(p))) ??
          null,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map(({ name, schema }) => ({ name, schema })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map(({ name, required, schema }) => ({ name, required: required === true, schema })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        upload,
        responses,
        fileTypes,
      };
    }),
  );
}
