import { randomInt } from 'node:crypto';
import type { IssuerBrand } from './types';

/**
 * The product's own BIN ranges (issuer identification numbers) — one per brand. A real programme
 * receives its BINs from the sponsor bank; these are the sandbox's.
 */
export const PRODUCT_BINS: Record<IssuerBrand, string> = {
  visa: '45398712',
  mastercard: '52248190',
};

/** Luhn check digit of a digit string (ISO/IEC 7812-1). */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

/** A 16-digit PAN in the brand's BIN range, Luhn-valid. */
export function generatePan(brand: IssuerBrand): string {
  const bin = PRODUCT_BINS[brand];
  let body = bin;
  while (body.length < 15) body += String(randomInt(0, 10));
  return body + luhnCheckDigit(body);
}

export function generateCvv(): string {
  return String(randomInt(0, 1000)).padStart(3, '0');
}
