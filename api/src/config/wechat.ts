import { z } from 'zod';
import { readSection, type Section } from './section.js';

/** The WeChat Pay merchant's live keys (WECHATPAY_* variables, docs/wechat.md); checked where the client is built. */
export interface WechatPayLiveKeys {
  mchId?: string;
  appId?: string;
  merchantKeyPem?: string;
  merchantSerial?: string;
  platformCertPem?: string;
  platformSerial?: string;
  apiV3Key?: string;
  pinKey?: string;
}

/** WeChat sign-in and WeChat Pay (docs/wechat.md). Unset choices: `sandbox` in sandbox mode, else off. */
export interface WechatConfig {
  /** WECHAT: sandbox | live | none. */
  signIn: 'sandbox' | 'live' | 'none' | undefined;
  /** Mini-program and website applications (WECHAT_MP_*, WECHAT_WEB_*); the sandbox has documented defaults. */
  apps: { mpAppId?: string; mpSecret?: string; webAppId?: string; webSecret?: string };
  /** WECHAT_TIMEOUT_MS (default 5000). */
  timeoutMs: number;
  /** WECHATPAY: sandbox | live | none. */
  pay: 'sandbox' | 'live' | 'none' | undefined;
  payKeys: WechatPayLiveKeys;
  /** WECHATPAY_NOTIFY_URL: the https URL of this API's notification route, as WeChat Pay reaches it. */
  payNotifyUrl?: string;
  /** WECHATPAY_TIMEOUT_MS (default 5000). */
  payTimeoutMs: number;
}

const choice = z.enum(['sandbox', 'live', 'none'], { error: 'must be sandbox, live or none' }).optional();
const timeout = z.coerce.number({ error: 'must be a number' }).int().positive('must be > 0').default(5000);
const text = z.string().min(1).optional();
const schema = z.object({
  WECHAT: choice,
  WECHAT_MP_APP_ID: text,
  WECHAT_MP_SECRET: text,
  WECHAT_WEB_APP_ID: text,
  WECHAT_WEB_SECRET: text,
  WECHAT_TIMEOUT_MS: timeout,
  WECHATPAY: choice,
  WECHATPAY_MCH_ID: text,
  WECHATPAY_APP_ID: text,
  WECHATPAY_MERCHANT_KEY_PEM: text,
  WECHATPAY_MERCHANT_SERIAL: text,
  WECHATPAY_PLATFORM_CERT_PEM: text,
  WECHATPAY_PLATFORM_SERIAL: text,
  WECHATPAY_API_V3_KEY: text,
  WECHATPAY_PIN_KEY: text,
  WECHATPAY_NOTIFY_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL')
    .optional(),
  WECHATPAY_TIMEOUT_MS: timeout,
});

export function loadWechatConfig(env: Record<string, string | undefined>): Section<WechatConfig> {
  return readSection(schema, env, (e) => ({
    signIn: e.WECHAT,
    apps: {
      mpAppId: e.WECHAT_MP_APP_ID,
      mpSecret: e.WECHAT_MP_SECRET,
      webAppId: e.WECHAT_WEB_APP_ID,
      webSecret: e.WECHAT_WEB_SECRET,
    },
    timeoutMs: e.WECHAT_TIMEOUT_MS,
    pay: e.WECHATPAY,
    payKeys: {
      mchId: e.WECHATPAY_MCH_ID,
      appId: e.WECHATPAY_APP_ID,
      merchantKeyPem: e.WECHATPAY_MERCHANT_KEY_PEM,
      merchantSerial: e.WECHATPAY_MERCHANT_SERIAL,
      platformCertPem: e.WECHATPAY_PLATFORM_CERT_PEM,
      platformSerial: e.WECHATPAY_PLATFORM_SERIAL,
      apiV3Key: e.WECHATPAY_API_V3_KEY,
      pinKey: e.WECHATPAY_PIN_KEY,
    },
    payNotifyUrl: e.WECHATPAY_NOTIFY_URL,
    payTimeoutMs: e.WECHATPAY_TIMEOUT_MS,
  }));
}
