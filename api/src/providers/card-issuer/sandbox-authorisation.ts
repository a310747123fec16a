import { spendingCategoryOf, type CardDeclineReason } from '@cardwallet/shared/schemas';
import { money } from '../../ledger/money';
import type { IssuerSpendingControls } from './types';

/**
 * The sandbox issuer's authorisation rules added by issue 23 (docs/cards.md "Spending controls",
 * "3-D Secure in the app"), kept apart from the network so they can be read and tested alone.
 */
export type PurchaseChannel = 'online' | 'contactless' | 'chip' | 'magstripe' | 'atm';
export type MerchantRisk = 'low' | 'normal' | 'high';

/**
 * The product's 3-D Secure rule: an online purchase at a merchant of normal risk is challenged from
 * this amount (USD) up; a high-risk merchant always, a low-risk one never (exemption).
 */
export const THREE_DS_FROM_USD: Record<string, string> = { standard: '25', discount: '25', premium: '100' };
export const THREE_DS_DEFAULT_FROM_USD = '25';
export const THREE_DS_SECONDS = 300;

export function needsChallenge(channel: PurchaseChannel, risk: MerchantRisk, billing: string, tier: string | null) {
  if (channel !== 'online' || risk === 'low') return false;
  if (risk === 'high') return true;
  return money(billing).gte(THREE_DS_FROM_USD[tier ?? ''] ?? THREE_DS_DEFAULT_FROM_USD);
}

/** Why the cardholder's own controls decline this purchase now, or null. */
export function controlDecline(
  controls: IssuerSpendingControls | null,
  channel: PurchaseChannel,
  mcc: string | null,
  now: Date,
): CardDeclineReason | null {
  if (!controls) return null;
  if (channel === 'online' && !controls.online) return 'blocked_online';
  if (channel === 'contactless' && !controls.contactless) return 'blocked_contactless';
  if (channel === 'atm' && !controls.atm) return 'blocked_atm';
  if (channel === 'magstripe' && !controls.magstripe) return 'blocked_magstripe';
  const category = spendingCategoryOf(mcc);
  if (category && controls.blocks.some((b) => b.category === category && (b.until === null || new Date(b.until) > now)))
    return 'blocked_category';
  return null;
}
