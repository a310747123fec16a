/**
 * Entity types of spec §3 as they travel on the wire. Money is always a decimal string
 * (never a number); times are ISO-8601 strings; ids are strings.
 */
export type Decimal = string;
export type IsoDateTime = string;

export type CardType = 'virtual' | 'physical';
export type CardBrand = 'visa' | 'mastercard';
export type CardStatus = 'inactivated' | 'active' | 'risk_frozen' | 'cancelling' | 'closed';

export interface Card {
  id: string;
  /** Masked except on reveal: BIN + last 4 at most. */
  cardNumber: string;
  expiry: string;
  cardholder: string;
  balance: Decimal;
  currency: string;
  type: CardType;
  brand: CardBrand;
  status: CardStatus;
}

export interface CardholderActivation {
  firstName: string;
  lastName: string;
  mobile: string;
}

export interface CardBenefit {
  applicationFee: Decimal;
  monthlyFee: Decimal;
  monthlyLimit: Decimal;
  rechargeFee: Decimal;
  withdrawalFee: Decimal;
  transactionFee: Decimal;
}

export type CardOrderStatus =
  'settling' | 'authorization_cancelled' | 'transaction_cancelled' | 'pre_authorization' | 'completed';

export interface CardOrder {
  orderNo: string;
  status: CardOrderStatus;
  cardNumber: string;
  transactionType: string;
  settlementAmount: Decimal;
  authorizationAmount: Decimal;
  fee: Decimal;
  transactionAmount: Decimal;
  merchant: string;
  createdAt: IsoDateTime;
}

export interface ShippingAddress {
  id: string;
  receiver: string;
  mobile: string;
  country: string;
  province: string;
  city: string;
  area: string;
  address: string;
  postalCode: string;
}

export interface WalletAddress {
  id: string;
  address: string;
  network: string;
  remark: string | null;
  currency: string;
}

export type CashFlowFilter = 'all' | 'income' | 'expense' | 'withdrawing';
export interface CashFlowEntry {
  id: string;
  time: IsoDateTime;
  /** Signed decimal: positive income, negative expense. */
  amount: Decimal;
  currency: string;
  type: string;
  remark: string | null;
  txHash: string | null;
}

export type CouponStatus = 'available' | 'used' | 'expired';
export interface Coupon {
  id: string;
  code: string;
  scope: string;
  validUntil: IsoDateTime;
  status: CouponStatus;
  discount: Decimal;
}

export type KycDocumentType = 'id_card' | 'driver_license' | 'passport';
export type KycStatus = 'not_verified' | 'pending' | 'verified' | 'failed';
export interface KycLevel1 {
  country: string;
  documentType: KycDocumentType;
  firstName: string;
  lastName: string;
  documentNumber: string;
  dateOfBirth: string;
}

export interface ReferralData {
  inviteCode: string;
  inviteLink: string;
  level1Count: number;
  level2Count: number;
  level1Cashback: Decimal;
  level2Cashback: Decimal;
}

export interface Invitee {
  userId: string;
  displayName: string;
  registeredAt: IsoDateTime;
  cardCount: number;
  rechargeTotal: Decimal;
  level: 1 | 2;
}

export type MessageCategory = 'message' | 'announcement';
export interface Message {
  id: string;
  category: MessageCategory;
  title: string;
  body: string;
  read: boolean;
  createdAt: IsoDateTime;
}
