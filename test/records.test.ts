// The list's serializer (src/http/records.ts) keeps what a response schema guarantees: the same
// bytes as fast-json-stringify (Fastify's own serializer) for records of the schema's shape, no
// undeclared property, and a 500-worthy error for a record that breaks the contract.
import fastJson from "fast-json-stringify";
import Type from "typebox";
import { describe, expect, it } from "vitest";
import { recordListSerializer } from "../src/http/records.ts";
import { SecretRecord } from "../src/modules/secrets/schemas.ts";

const now = "2026-11-24T07:00:00.000Z";
const secret = (i: number) => ({
  id: "0195c2a4-7f1e-7b3a-9c2d-5e6f7a8b9c0d",
  key: `KEY_${i}`,
  value: `va"lue\\ ${i} \u0001 ünïcødé ${"x".repeat(i * 20)}`,
  description: i % 2 ? null : `line one\nline "two"`,
  created_at: now,
  updated_at: now,
  current_version: i + 1,
  environment_type: "prod" as const,
  last_rotated_at: i % 3 ? now : null,
  rotation_days: 90,
});

describe("recordListSerializer", () => {
  const serialize = recordListSerializer(SecretRecord);

  it("writes the same JSON as fast-json-stringify for SecretRecord lists, escapes included", () => {
    const reference = fastJson(Type.Array(SecretRecord) as object);
    for (const list of [[], [secret(0)], Array.from({ length: 20 }, (_, i) => secret(i))]) {
      expect(serialize(list)).toBe(reference(list));
      expect(JSON.parse(serialize(list))).toEqual(list);
    }
  });

  it("lets no undeclared property out, and writes the declared ones in the schema's order", () => {
    const leaky = {
      ciphertext: "v1.1.AAAA",
      raw_value: "as stored",
      inherited_from: "p",
      ...secret(1),
      workspace_id: "w",
    };
    const [out] = JSON.parse(serialize([leaky])) as Record<string, unknown>[];
    expect(Object.keys(out!)).toEqual(Object.keys(SecretRecord.properties));
  });

  it("refuses a record without a required property or with a value of another type", () => {
    const { value: _missing, ...withoutValue } = secret(1);
    expect(() => serialize([withoutValue])).toThrow(/required property value/);
    expect(() => serialize([{ ...secret(1), current_version: "2" }])).toThrow(/current_version/);
    expect(() => serialize([{ ...secret(1), current_version: 1.5 }])).toThrow(/current_version/);
    expect(() => serialize([{ ...secret(1), key: null }])).toThrow(/key/);
  });

  it("accepts null where the schema allows it, and leaves an absent optional property out", () => {
    const schema = Type.Object({
      a: Type.String(),
      b: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    });
    const serializeAB = recordListSerializer(schema);
    expect(serializeAB([{ a: "x", b: null }, { a: "y" }, { a: "z", b: 3 }])).toBe(
      '[{"a":"x","b":null},{"a":"y"},{"a":"z","b":3}]',
    );
  });

  it("refuses at start-up a schema with a nested property", () => {
    expect(() => recordListSerializer(Type.Object({ nested: Type.Object({ a: Type.String() }) }))).toThrow(
      /not a flat value/,
    );
  });
});
