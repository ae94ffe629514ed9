// The ceiling of our stack: a bare Fastify route doing the same cryptographic work a secrets list
// does (N AES-256-GCM decryptions and one SHA-256 for the API key), with no database and no
// framework of ours. Started by bench/run.ts as its own process: `tsx bench/ceiling.ts <port>`.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import Fastify from "fastify";

const port = Number(process.argv[2] ?? 0);
const key = randomBytes(32);
const values = Array.from({ length: 100 }, (_, i) => {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(`secret:${i}:1`));
  const body = Buffer.concat([cipher.update(`value-${i}-${"x".repeat(40)}`), cipher.final()]);
  return { nonce, body, tag: cipher.getAuthTag(), aad: Buffer.from(`secret:${i}:1`) };
});

const app = Fastify({ logger: false });
app.get<{ Params: { n: string } }>("/ceiling/:n", async (request) => {
  createHash("sha256").update(String(request.headers["x-api-key"])).digest("hex");
  const n = Math.min(Number(request.params.n), values.length);
  const out = [];
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    const decipher = createDecipheriv("aes-256-gcm", key, v.nonce);
    decipher.setAAD(v.aad);
    decipher.setAuthTag(v.tag);
    const value = Buffer.concat([decipher.update(v.body), decipher.final()]).toString("utf8");
    out.push({ id: String(i), key: `KEY_${i}`, value, current_version: 1 });
  }
  return out;
});
await app.listen({ port, host: "127.0.0.1" });
process.send?.("ready");
