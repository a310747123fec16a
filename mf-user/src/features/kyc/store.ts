import { create } from 'zustand';
import type { KycDocumentType } from '@cardwallet/shared/schemas';

/** What kyc-lv1 chose, carried to kyc-lv1-details (kept for the visit, so back/forward keeps it). */
interface Kyc1Draft {
  country: string | null;
  documentType: KycDocumentType | null;
  setChoice(country: string, documentType: KycDocumentType): void;
  reset(): void;
}

export const useKyc1Draft = create<Kyc1Draft>((set) => ({
  country: null,
  documentType: null,
  setChoice: (country, documentType) => set({ country, documentType }),
  reset: () => set({ country: null, documentType: null }),
}));
