// What the global setup hands each test file through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

export {};
