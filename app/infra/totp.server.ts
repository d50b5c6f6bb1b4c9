import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Db } from "~/db/client.server";
import { adminUsers, recoveryCodes } from "~/db/schema";
import { SITE_NAME } from "~/lib/routes";

// The second factor (decision 033): TOTP as RFC 6238 (SHA-1, 6 digits, 30 s: what every
// authenticator app reads from the QR code), with the code of the step before and after accepted
// (clocks drift), each step at most once per account; and ten one-time recovery codes, kept hashed.

export const TOTP_PERIOD = 30;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

const totp = (secret: string, email = "") =>
  new OTPAuth.TOTP({
    issuer: SITE_NAME,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The otpauth:// address an authenticator app reads, and its QR code as an SVG data URL. */
export async function enrolment(secret: string, email: string) {
  const uri = totp(secret, email).toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** The code of a time (for tests and for nothing else). */
export const totpCode = (secret: string, timestamp = Date.now()) => totp(secret).generate({ timestamp });

/** The time step of a valid code (within the window), or null. Spaces in the code are ignored. */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD) + delta;
}

/** Accepts a code once: true when it is valid and its step is later than the last one accepted,
 * which is then recorded (atomically, so two requests with one code cannot both pass). */
export async function acceptTotp(db: Db, userId: string, secret: string, code: string, timestamp = Date.now()): Promise<boolean> {
  const step = totpStep(secret, code, timestamp);
  if (step === null) return false;
  const rows = await db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminUsers.id, userId),
        // No step accepted yet, or an earlier one.
        or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

const hashCode = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]+/g, "").toLowerCase();

/** Ten new codes (replacing any earlier ones): returned once, to be shown once; only hashes are kept. */
export async function newRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes;
}

/** Spends a recovery code: true once per code. */
export async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const wanted = Buffer.from(hashCode(normalized), "hex");
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const match = unused.find((r) => timingSafeEqual(Buffer.from(r.codeHash, "hex"), wanted));
  if (!match) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

/** How many recovery codes are left. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
