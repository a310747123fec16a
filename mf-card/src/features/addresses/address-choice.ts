import { create } from 'zustand';

/** The shipping address picked on select-address for the apply form (client state, this visit). */
export const useAddressChoice = create<{ addressId: string | null; choose: (id: string | null) => void }>((set) => ({
  addressId: null,
  choose: (addressId) => set({ addressId }),
}));
