// One lint configuration for every workspace; typed rules catch floating promises and `any` leaks.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/.next/**", "**/.next-dev/**", "**/.vercel/**", "**/.wrangler/**", "**/dist/**", "**/next-env.d.ts"],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Platform bindings (D1Database, R2Bucket, ...) are declared abstract classes that only the
      // runtime instantiates, so this rule flags every binding use.
      "@typescript-eslint/no-unsafe-class-instance-assignment": "off",
    },
  },
  {
    // One data path: every read and write goes through packages/db/src/queries.
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.{ts,tsx}"],
    ignores: ["packages/db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["drizzle-orm", "drizzle-orm/*"], message: "Data access lives in packages/db/src/queries; import its functions from @mailroom/db." },
            { group: ["@mailroom/db/schema"], message: "Tables are the query layer's business; import query functions from @mailroom/db." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='prepare']", message: "No raw D1 statements outside packages/db/src/queries." },
        {
          selector: "CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|batch|run|all|get|values|query)$/][callee.object.name=/^(db|DB|d1)$/]",
          message: "No database calls outside packages/db/src/queries.",
        },
        {
          selector: "CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|batch|run|all|get|values|query)$/][callee.object.property.name=/^(db|DB)$/]",
          message: "No database calls outside packages/db/src/queries.",
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);
