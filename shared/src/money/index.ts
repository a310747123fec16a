// The one amount parser and formatter for every amount a customer types or reads (docs/amounts.md).
export {
  amountSeparators,
  parseAmount,
  type AmountParse,
  type AmountRefusal,
  type AmountRefusalKey,
  type AmountSeparators,
} from './parse';
export {
  formatAmount,
  formatAmountExact,
  formatDecimal,
  formatMoney,
  formatMoneyExact,
  formatUsd,
  truncateDecimal,
  type FormatAmountOptions,
} from './format';
export {
  checkAmountLimits,
  maximumAmount,
  type AmountLimitKey,
  type AmountLimitRefusal,
  type AmountLimits,
} from './limits';
export { readAmount, type AmountRead } from './read';
export { MAX_INTEGER_DIGITS, MAX_SCALE, MONEY_SCALE, shownDecimals, type MoneyCurrency } from './scale';
