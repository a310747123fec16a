import { MovePage } from '../components/move-page';

/** Withdraw from a card to the wallet. */
export default function WithdrawPage() {
  return <MovePage kind="withdraw" />;
}
