import { CashbackList } from '../components/cashback-list';

/** Open-card cashback: one record per card a friend opened (level 1 or 2). */
export default function OpenCardPage() {
  return (
    <main className="share-page">
      <CashbackList kind="open_card" />
    </main>
  );
}
