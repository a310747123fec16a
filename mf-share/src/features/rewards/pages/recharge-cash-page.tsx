import { CashbackList } from '../components/cashback-list';

/** Recharge cashback: one record per top-up a friend made (level 1 or 2). */
export default function RechargeCashPage() {
  return (
    <main className="share-page">
      <CashbackList kind="recharge" />
    </main>
  );
}
