declare module 'vitest' {
  interface ProvidedContext {
    /** Which database API tests run on in this project. */
    testDatabaseKind: 'pglite' | 'postgres';
    /** PGlite: a gzip dump of a migrated data folder, loaded afresh by each test file. */
    pgliteTemplatePath: string;
    /** PostgreSQL: server URL and the migrated template database each test file copies. */
    postgresUrl: string;
    postgresTemplate: string;
  }
}

export {};
