import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { v1 } from "../../apps/worker/src/routes/v1/index.ts";

// The validator compiles JSON Schemas to code, which workerd forbids: this check runs in Node,
// on the same document the worker serves (the worker tests compare it with the app's routes).
describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await v1.request("http://127.0.0.1:8787/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const document = await res.json<Record<string, unknown>>();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    // The validator does refuse a broken document (so the pass above means something).
    expect((await new Validator().validate({ ...document, info: { title: 1 } })).valid).toBe(false);
  });
});
