import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * WeChat Pay API v3 cryptography (pay.weixin.qq.com/doc/v3/merchant/4012365334 …), with Node's
 * crypto only:
 * - request signature: `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`
 *   where signature = base64 RSA-SHA256 (PKCS#1 v1.5) of "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n";
 * - answer and notification signature (platform key): "TIMESTAMP\nNONCE\nBODY\n" in the
 *   Wechatpay-Timestamp / -Nonce / -Signature / -Serial headers;
 * - JSAPI paySign: "appId\ntimeStamp\nnonceStr\npackage\n" with the merchant key;
 * - notification resource: AEAD_AES_256_GCM with the 32-byte API v3 key, 12-byte nonce,
 *   associated_data, ciphertext = base64(encrypted ‖ 16-byte tag).
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** WeChat refuses (and we refuse) signatures older or newer than this. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export function rsaSign(privateKey: KeyObject | string, message: string): string {
  return sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

export function rsaVerify(publicKey: KeyObject | string, message: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/=]{16,1024}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** 32 characters of [A-Za-z0-9] (WeChat's nonce_str shape). */
export function nonceStr(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let s = '';
  // 248 = 4 × 62: rejection-free enough for a nonce, bias-free by skipping bytes ≥ 248.
  for (let i = 0, extra = randomBytes(length * 2), j = 0; s.length < length; i++) {
    const b = i < length ? bytes[i]! : extra[j++ % extra.length]!;
    if (b < 248) s += alphabet[b % 62];
  }
  return s;
}

export function requestMessage(method: string, url: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function jsapiMessage(appId: string, timeStamp: string, nonce: string, pkg: string): string {
  return `${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`;
}

export function authorizationHeader(p: {
  mchid: string;
  serial: string;
  privateKey: KeyObject | string;
  method: string;
  url: string;
  body: string;
  timestamp?: string;
  nonce?: string;
}): string {
  const timestamp = p.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = p.nonce ?? nonceStr();
  const signature = rsaSign(p.privateKey, requestMessage(p.method, p.url, timestamp, nonce, p.body));
  return `${AUTH_SCHEMA} mchid="${p.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${p.serial}"`;
}

/** Parses an Authorization header of the v3 schema; undefined when it is not one. */
export function parseAuthorization(
  header: string | undefined,
): { mchid: string; nonce: string; signature: string; timestamp: string; serial: string } | undefined {
  if (!header || header.length > 2048 || !header.startsWith(`${AUTH_SCHEMA} `)) return undefined;
  const fields = new Map<string, string>();
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
  const get = (k: string) => fields.get(k);
  const [mchid, nonce, signature, timestamp, serial] = [
    get('mchid'),
    get('nonce_str'),
    get('signature'),
    get('timestamp'),
    get('serial_no'),
  ];
  if (!mchid || !nonce || !signature || !timestamp || !serial) return undefined;
  return { mchid, nonce, signature, timestamp, serial };
}

/** Constant-time equality of two short strings (serial numbers, ids). */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}

export function timestampFresh(timestamp: string, now: Date, window = SIGNATURE_WINDOW_SECONDS): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) <= window;
}

export interface AeadResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  nonce: string;
  original_type: string;
}

export function aeadEncrypt(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  original_type: string,
): AeadResource {
  const nonce = nonceStr(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const enc = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: enc.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type,
  };
}

/** Decrypts a notification resource; throws on a wrong key, a changed byte or a bad shape. */
export function aeadDecrypt(
  apiV3Key: string,
  r: { ciphertext: string; associated_data?: string; nonce: string },
): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17 || r.nonce.length !== 12) throw new Error('bad resource');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** A 2048-bit RSA key pair as PKCS#8 / SPKI PEM and a certificate-serial-like hex id. */
export function newRsaKeyPair(): { privatePem: string; publicPem: string; serial: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    serial: randomBytes(20).toString('hex').toUpperCase(),
  };
}

export function publicPemOf(privatePem: string): string {
  return createPublicKey(createPrivateKey(privatePem)).export({ type: 'spki', format: 'pem' }).toString();
}

/** 32 printable characters: the API v3 key is a 32-byte string set in the merchant platform. */
export function newApiV3Key(): string {
  return nonceStr(32);
}

/** Seals a short secret (the card PIN while the payment is pending) with AES-256-GCM; `key` is 32 bytes hex. */
export function seal(keyHex: string, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  c.setAAD(Buffer.from(aad, 'utf8'));
  const enc = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
  return `${iv.toString('base64')}.${enc.toString('base64')}.${c.getAuthTag().toString('base64')}`;
}

export function unseal(keyHex: string, sealed: string, aad: string): string {
  const [iv, enc, tag] = sealed.split('.');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), Buffer.from(iv!, 'base64'));
  d.setAAD(Buffer.from(aad, 'utf8'));
  d.setAuthTag(Buffer.from(tag!, 'base64'));
  return Buffer.concat([d.update(Buffer.from(enc!, 'base64')), d.final()]).toString('utf8');
}
