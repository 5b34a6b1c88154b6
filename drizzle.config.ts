import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Every table file of platform/db/tables/ (each owned by one domain module, decision 048).
  schema: "./platform/db/tables/*.ts",
  out: "./platform/db/migrations",
});
