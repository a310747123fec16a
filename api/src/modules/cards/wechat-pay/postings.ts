import { systemAccount } from '../../../ledger/accounts';
import { balancedPosting } from '../../../ledger/posting';
import type { CardPosting } from '../postings';

/** How an application fee was paid outside the wallet. */
export interface PaidElsewhere {
  by: 'wechat_pay';
  /** The WeChat Pay order (wechat_pay_orders.id). */
  orderId: string;
}

/**
 * The application fee paid with WeChat Pay (docs/wechat.md "Ledger"): same ref and type as a
 * wallet-paid fee (one fee posting per card, `cards:check` holds), the fee account earns the fee
 * and the `wechat_pay` clearing account — what WeChat Pay settles to us — is its other side.
 */
export const wechatPayApplyFee = (p: {
  cardId: string;
  userId: string;
  fee: string;
  paid: PaidElsewhere;
}): CardPosting => ({
  ...balancedPosting({
    ref: `card_apply:${p.cardId}`,
    type: 'card_apply_fee',
    userId: p.userId,
    entries: [
      { account: systemAccount('wechat_pay', 'USD'), amount: `-${p.fee}` },
      { account: systemAccount('card_fees', 'USD'), amount: p.fee },
    ],
  }),
  operationId: p.cardId,
});
