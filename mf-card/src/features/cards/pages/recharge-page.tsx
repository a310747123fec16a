import { MovePage } from '../components/move-page';

/** Top up a card from the wallet's card-funding balance. */
export default function RechargePage() {
  return <MovePage kind="recharge" />;
}
