import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/conversations-schema.ts',
    './src/db/knowledge-schema.ts',
    './src/db/sales-schema.ts',
    './src/db/team-schema.ts',
    './src/db/stats-schema.ts',
    './src/db/embeddings-schema.ts',
    './src/db/websites-schema.ts',
    './src/db/privacy-schema.ts',
    './src/db/review-schema.ts',
  ],
  out: './drizzle',
  casing: 'snake_case',
});
