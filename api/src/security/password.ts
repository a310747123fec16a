import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/**
 * scrypt password hashes: `scrypt$N$r$p$salt$hash` (base64url), per-user 16-byte salt, 32-byte key.
 * The parameters live in the hash, so raising N later still verifies old hashes.
 */
const KEY_LEN = 32;
const R = 8;
const P = 1;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LEN, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password made once per process: verifying against it costs the same as a
 * real account, so "unknown account" answers as slowly as "wrong password".
 */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(N: number): Promise<string> {
  let dummy = dummies.get(N);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), N);
    dummies.set(N, dummy);
  }
  return dummy;
}
