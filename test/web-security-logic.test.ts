// The account-security screens' logic that is not layout (issue 18): reading tokens from link
// fragments, how two-factor codes are typed, the secret and recovery codes as shown, new-password
// checks, the wording of refusals, the QR code's geometry, and the one mechanism that answers 403
// two_factor_code_required by asking for the code and replaying the request with X-Coffer-OTP.

import type { ApiErrorCode } from "coffer/client";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { ApiError, challengeOf, errorMessage, retryAt, unwrap } from "../web/src/api/errors.ts";
import { type AskForCode, OTP_HEADER, secondFactorMiddleware } from "../web/src/api/second-factor.ts";
import { qrPath } from "../web/src/lib/qr.ts";
import {
  codeProblem,
  fragmentParam,
  groupSecret,
  isEnrollmentRequired,
  newPasswordProblem,
  normaliseCode,
  recoveryCodesFile,
  refusalOf,
  requirementOf,
  withoutTwoFactor,
} from "../web/src/lib/security.ts";
import { codeWasSentTo, rememberCodeSent } from "../web/src/lib/verification.ts";

const apiError = (status: number, code: ApiErrorCode, body: object = {}) =>
  new ApiError(status, code, `refused: ${code}`, { detail: `refused: ${code}`, code, ...body });

describe("tokens in link fragments", () => {
  it("reads a named, token-shaped value and nothing else", () => {
    expect(fragmentParam("#token=AbC-_9.x~", "token")).toBe("AbC-_9.x~");
    expect(fragmentParam("#challenge=abc&x=1", "challenge")).toBe("abc");
    expect(fragmentParam("#challenge=abc", "token")).toBeNull();
    expect(fragmentParam("", "token")).toBeNull();
    expect(fragmentParam("#token=", "token")).toBeNull();
    expect(fragmentParam("#token=a%20b", "token")).toBeNull();
    expect(fragmentParam("#token=../../x", "token")).toBeNull();
    expect(fragmentParam(`#token=${"a".repeat(201)}`, "token")).toBeNull();
  });
});

describe("two-factor codes as typed", () => {
  it("keeps six digits of an app code, whatever else is pasted with them", () => {
    expect(normaliseCode("123 456", "app")).toBe("123456");
    expect(normaliseCode("12-34-567", "app")).toBe("123456");
    expect(normaliseCode("abc", "app")).toBe("");
    expect(codeProblem("123456", "app")).toBeUndefined();
    expect(codeProblem("12345", "app")).toBe("Enter the 6 digits your app shows.");
  });

  it("keeps a recovery code's characters in lower case, with or without its dash", () => {
    expect(normaliseCode(" ABCDE-FGHJK ", "recovery")).toBe("abcde-fghjk");
    expect(normaliseCode("abcde-fghjk-extra", "recovery")).toBe("abcde-fghjk");
    expect(codeProblem("abcde-fghjk", "recovery")).toBeUndefined();
    expect(codeProblem("abcdefghjk", "recovery")).toBeUndefined();
    expect(codeProblem("abcde-fghj", "recovery")).toMatch(/whole recovery code/);
  });
});

describe("the set-up's secret and recovery codes", () => {
  it("groups the base32 secret by four for typing", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(groupSecret("ABCDEF")).toBe("ABCD EF");
    expect(groupSecret("")).toBe("");
  });

  it("writes the recovery codes as a text file, one a line, with whose they are", () => {
    const codes = ["aaaaa-bbbbb", "ccccc-ddddd"];
    const file = recoveryCodesFile(codes, "ada@example.com", new Date("2026-03-01T12:00:00Z"));
    expect(file).toContain("ada@example.com");
    expect(file).toContain("2026-03-01");
    expect(file.split("\n")).toEqual(expect.arrayContaining(codes));
    expect(file.endsWith("\n")).toBe(true);
  });
});

describe("a new password typed twice", () => {
  it("needs 8 to 128 characters and the same twice", () => {
    expect(newPasswordProblem("short", "short")).toMatch(/at least 8/);
    expect(newPasswordProblem("x".repeat(129), "x".repeat(129))).toMatch(/at most 128/);
    expect(newPasswordProblem("long enough", "long enougH")).toMatch(/differ/);
    expect(newPasswordProblem("long enough", "long enough")).toBeUndefined();
  });
});

describe("the API's refusals as the screens tell them", () => {
  it("finds the challenge of a sign-in that waits for its second factor", () => {
    expect(challengeOf(apiError(401, "two_factor_required", { challenge: "ch-1" }))).toBe("ch-1");
    expect(challengeOf(apiError(401, "two_factor_required"))).toBeUndefined();
    expect(challengeOf(apiError(401, "invalid_credentials", { challenge: "ch-1" }))).toBeUndefined();
    expect(challengeOf(new Error("offline"))).toBeUndefined();
  });

  it("lets a wrong code be tried again, and restarts an expired or spent challenge", () => {
    expect(refusalOf(apiError(401, "two_factor_incorrect"))).toBe("retry");
    expect(refusalOf(apiError(429, "rate_limited"))).toBe("retry");
    expect(refusalOf(apiError(401, "two_factor_challenge_invalid"))).toBe("restart");
  });

  it("tells when a rate-limited attempt may come again, from Retry-After", async () => {
    const now = new Date(2026, 2, 1, 14, 0, 0);
    expect(retryAt(30, now)).toBe("You can try again in 30 seconds.");
    const at = new Date(2026, 2, 1, 14, 15, 0).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    expect(retryAt(900, now)).toBe(`You can try again at ${at}.`);
    const refused = unwrap(
      Promise.resolve({
        error: {
          detail: "Too many failed sign-ins for this account: try again in 15 minute(s)",
          code: "rate_limited",
        },
        response: new Response(null, { status: 429, headers: { "retry-after": "900" } }),
      }),
    );
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBe(900);
    expect(errorMessage(error)).toMatch(/^Too many failed sign-ins.*\. You can try again at /);
  });

  it("says in plain words what a missing two-factor code left undone", () => {
    expect(errorMessage(apiError(403, "two_factor_code_required"))).toMatch(
      /^Not done: this needs the current code/,
    );
    expect(errorMessage(apiError(403, "password_incorrect"))).toBe("refused: password_incorrect");
  });

  it("recognises a workspace that requires two-factor sign-in the member lacks", () => {
    expect(isEnrollmentRequired(apiError(403, "two_factor_enrollment_required"))).toBe(true);
    expect(isEnrollmentRequired(apiError(403, "forbidden"))).toBe(false);
    expect(isEnrollmentRequired(undefined)).toBe(false);
  });

  it("tells which requirement a refusal names: two-factor sign-in, or single sign-on", () => {
    expect(requirementOf(apiError(403, "two_factor_enrollment_required"))).toBe("two_factor");
    expect(requirementOf(apiError(403, "sso_required"))).toBe("sso");
    expect(requirementOf(apiError(403, "forbidden"))).toBeNull();
    expect(requirementOf(new Error("network"))).toBeNull();
    expect(errorMessage(apiError(403, "sso_required"))).toMatch(/requires single sign-on/);
  });

  it("counts the members a two-factor requirement would lock out", () => {
    expect(withoutTwoFactor([{ two_factor: true }, { two_factor: false }, { two_factor: false }])).toBe(2);
    expect(withoutTwoFactor([])).toBe(0);
  });
});

describe("the QR code of the set-up", () => {
  const url = "otpauth://totp/coffer.example:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=coffer.example";

  it("draws one unit square per dark module of the encoder's matrix, inside a 4-module quiet zone", () => {
    const { size, d } = qrPath(url);
    const matrix = encode(url, { ecc: "M", border: 4 });
    expect(size).toBe(matrix.size);
    const dark = matrix.data.flat().filter(Boolean).length;
    expect(d.match(/M/g)).toHaveLength(dark);
    // The top-left finder pattern starts right after the quiet zone; nothing is drawn inside it.
    expect(d.startsWith("M4 4h1v1h-1z")).toBe(true);
    expect(d).not.toMatch(/M[0-3] /);
  });
});

describe("the two-factor code prompt of sensitive actions (one middleware)", () => {
  const codeRequired = () =>
    new Response(JSON.stringify({ detail: "send the code", code: "two_factor_code_required" }), {
      status: 403,
      headers: { "content-type": "application/json" },
    });
  const ok = () => new Response(JSON.stringify({ id: "key-1" }), { status: 201 });

  /** Drives one request through the middleware as openapi-fetch does. */
  async function run(options: {
    method?: string;
    first: Response;
    answers: (Response | null)[];
    codes: (string | null)[];
  }) {
    const sent: Request[] = [];
    const asked: { again: boolean }[] = [];
    const ask: AskForCode = async (attempt) => {
      asked.push(attempt);
      return options.codes.shift() ?? null;
    };
    const middleware = secondFactorMiddleware({
      ask,
      send: async (request) => {
        sent.push(request);
        return options.answers.shift() ?? codeRequired();
      },
    });
    const request = new Request("http://coffer.test/keys/", {
      method: options.method ?? "POST",
      body: options.method === "GET" ? null : JSON.stringify({ name: "ci" }),
      headers: { "content-type": "application/json" },
    });
    // biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's callback context, of which the middleware reads request, response and id
    const context = { request, id: "req-1", schemaPath: "/keys/", params: {}, options: {} } as any;
    await middleware.onRequest?.(context);
    const replaced = await middleware.onResponse?.({ ...context, response: options.first });
    return { response: replaced ?? options.first, sent, asked };
  }

  it("leaves every other answer alone, and never asks for a read", async () => {
    const passed = await run({ first: ok(), answers: [], codes: [] });
    expect(passed.asked).toEqual([]);
    expect(passed.sent).toEqual([]);
    const read = await run({ method: "GET", first: codeRequired(), answers: [], codes: ["123456"] });
    expect(read.asked).toEqual([]);
  });

  it("asks for the code and replays the same request with it in X-Coffer-OTP", async () => {
    const result = await run({ first: codeRequired(), answers: [ok()], codes: ["123456"] });
    expect(result.asked).toEqual([{ again: false }]);
    expect(result.response.status).toBe(201);
    const [replay] = result.sent;
    expect(replay?.method).toBe("POST");
    expect(replay?.url).toBe("http://coffer.test/keys/");
    expect(replay?.headers.get(OTP_HEADER)).toBe("123456");
    expect(await replay?.json()).toEqual({ name: "ci" });
  });

  it("asks again while the code is refused (wrong or already used), then succeeds", async () => {
    const result = await run({
      first: codeRequired(),
      answers: [codeRequired(), ok()],
      codes: ["111111", "222222"],
    });
    expect(result.asked).toEqual([{ again: false }, { again: true }]);
    expect(result.sent.map((r) => r.headers.get(OTP_HEADER))).toEqual(["111111", "222222"]);
    expect(result.response.status).toBe(201);
  });

  it("gives the 403 back when the person cancels, having sent nothing", async () => {
    const result = await run({ first: codeRequired(), answers: [], codes: [null] });
    expect(result.sent).toEqual([]);
    expect(result.response.status).toBe(403);
    expect(await result.response.json()).toMatchObject({ code: "two_factor_code_required" });
  });

  it("hands any other answer of the replay to the screen (a wrong password, a conflict)", async () => {
    const conflict = new Response(JSON.stringify({ detail: "required by a workspace", code: "conflict" }), {
      status: 409,
    });
    const result = await run({ first: codeRequired(), answers: [conflict], codes: ["123456"] });
    expect(result.response.status).toBe(409);
  });
});

describe("the verification code field across a reload", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      setItem: (k: string, v: string) => void items.set(k, v),
      getItem: (k: string) => items.get(k) ?? null,
    };
  };

  it("is open again for the address a code was sent to, and only that one", () => {
    const storage = memory();
    expect(codeWasSentTo("ada@example.com", storage)).toBe(false);
    rememberCodeSent("ada@example.com", storage);
    expect(codeWasSentTo("ada@example.com", storage)).toBe(true);
    expect(codeWasSentTo("grace@example.com", storage)).toBe(false);
  });

  it("shrugs off a storage that refuses", () => {
    const refusing = {
      setItem: () => {
        throw new Error("quota");
      },
      getItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => rememberCodeSent("ada@example.com", refusing)).not.toThrow();
    expect(codeWasSentTo("ada@example.com", refusing)).toBe(false);
  });
});
