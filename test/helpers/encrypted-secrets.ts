// What the encryption tests at rest and of the master key's rotation both write and read: secrets
// with values no ciphertext could hold by chance, and the form a wrapped data key is stored in.
import { randomBytes } from "node:crypto";
import type { TestApp } from "./app.ts";
import { secretsPath, type Tree } from "./tree.ts";

export const WRAPPED = /^v1\.[A-Za-z0-9_-]+$/;

/** A long value no ciphertext could contain by chance. */
export const distinctive = (label: string) =>
  `${label}-plaintext-${randomBytes(24).toString("hex")}-the-quick-brown-fox-jumps-over-the-lazy-dog`;

export async function createSecret(
  app: TestApp["app"],
  headers: Record<string, string>,
  tree: Tree,
  key: string,
  value: string,
) {
  const response = await app.inject({
    method: "POST",
    url: `${secretsPath(tree)}/`,
    headers,
    payload: { key, value },
  });
  if (response.statusCode !== 201) throw new Error(`create ${key}: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; key: string; value: string; current_version: number };
}

export async function list(app: TestApp["app"], headers: Record<string, string>, tree: Tree, query = "") {
  return app.inject({ method: "GET", url: `${secretsPath(tree)}/${query}`, headers });
}
