import { create } from 'zustand';
import type { CryptoCurrency, WalletNetwork } from '@cardwallet/shared/schemas';

interface WithdrawDraft {
  currency: CryptoCurrency | null;
  network: WalletNetwork | null;
  address: string;
  amount: string;
  /** Keeps what was typed while the customer visits the address book. */
  save(draft: { currency: CryptoCurrency; network: WalletNetwork; address: string; amount: string }): void;
  pickAddress(currency: CryptoCurrency, network: WalletNetwork, address: string): void;
  clear(): void;
}

/** The withdraw form's draft (client state): survives the trip to select-address and back. */
export const useWithdrawDraft = create<WithdrawDraft>((set) => ({
  currency: null,
  network: null,
  address: '',
  amount: '',
  save: (draft) => set(draft),
  pickAddress: (currency, network, address) =>
    set((s) =>
      s.currency === currency && s.network === network ? { address } : { currency, network, address, amount: '' },
    ),
  clear: () => set({ currency: null, network: null, address: '', amount: '' }),
}));

export function draftFor(currency: CryptoCurrency, network: WalletNetwork): { address: string; amount: string } {
  const s = useWithdrawDraft.getState();
  return s.currency === currency && s.network === network
    ? { address: s.address, amount: s.amount }
    : { address: '', amount: '' };
}
