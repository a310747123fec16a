import { z } from 'zod';

/**
 * Who operates the service, its licences and how to reach support (the about page and the help
 * centre's contacts). The legal and contact details of the deployment: the sandbox profile below is
 * what `npm start` shows; a production deployment sets OPERATOR_PROFILE_JSON (same shape, validated
 * at start — see config.ts) with its real entity.
 */
export const operatorProfileSchema = z.object({
  legalName: z.string().min(1).max(200),
  registration: z.string().min(1).max(200),
  address: z.string().min(1).max(500),
  licences: z
    .array(
      z.object({
        authority: z.string().min(1),
        licence: z.string().min(1),
        number: z.string().min(1),
        jurisdiction: z.string().length(2),
      }),
    )
    .min(1),
  support: z.object({
    email: z.email(),
    hours: z.string().min(1).max(100),
    groups: z.array(
      z.object({
        channel: z.enum(['telegram', 'whatsapp', 'line', 'wechat']),
        name: z.string().min(1),
        url: z.url({ protocol: /^https$/ }),
      }),
    ),
  }),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

export const SANDBOX_OPERATOR_PROFILE: OperatorProfile = {
  legalName: 'CardWallet Sandbox Ltd. (test environment)',
  registration: 'Company no. SBX-0000001',
  address: 'Sandbox Tower, 1 Example Road, Hong Kong',
  licences: [
    {
      authority: 'Customs and Excise Department (HK)',
      licence: 'Money Service Operator',
      number: 'SBX-MSO-0001',
      jurisdiction: 'HK',
    },
    { authority: 'FINTRAC (Canada)', licence: 'Money Services Business', number: 'SBX-MSB-0002', jurisdiction: 'CA' },
    {
      authority: 'FinCEN (United States)',
      licence: 'Money Services Business',
      number: 'SBX-MSB-0003',
      jurisdiction: 'US',
    },
  ],
  support: {
    email: 'support@cardwallet.test',
    hours: '24/7',
    groups: [
      { channel: 'telegram', name: 'CardWallet Support', url: 'https://t.me/cardwallet_support_sandbox' },
      { channel: 'whatsapp', name: 'CardWallet Help', url: 'https://wa.me/85200000000' },
    ],
  },
};
