import { defineConfig } from "drizzle-kit";

// Generates SQL migrations into drizzle/ from the one schema. Both PGlite and
// PostgreSQL run the same files at start (app/db/client.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
});
