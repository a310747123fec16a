import { serverTotal } from '../server-total';

/**
 * The total balance card's figures: the title, the total, the hint and the parts. One layout for the
 * card with its own answers (balance-card.tsx) and for the figures the page's HTML drew while those
 * are on their way (server-total.ts), so one replaces the other without a shift.
 */
export function BalanceFigures({
  title,
  amount,
  hint,
  parts,
  busy = false,
}: {
  title: string;
  amount: string;
  hint: string;
  parts: readonly { key: string; label: string; amount: string }[];
  busy?: boolean;
}) {
  return (
    <section className="cw-home-balance" aria-labelledby="home-total" aria-busy={busy || undefined}>
      <h2 id="home-total" className="cw-home-balance-title">
        {title}
      </h2>
      <p className="cw-home-balance-amount" dir="ltr" data-testid="home-total-balance">
        {amount}
      </p>
      <p className="cw-home-balance-hint">{hint}</p>
      <dl className="cw-home-balance-parts">
        {parts.map((p) => (
          <div key={p.key}>
            <dt>{p.label}</dt>
            <dd dir="ltr">{p.amount}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The total the page's HTML drew for this session, as it drew it (its language, its formatting),
 * marked busy: shown while the page's own texts, chunk or answers are on their way. Nothing when
 * there is none (signed out at the HTML, figures not in time, already replaced).
 */
export function DrawnTotal() {
  const drawn = serverTotal();
  if (!drawn) return null;
  return (
    <BalanceFigures
      title={drawn.title}
      amount={drawn.amount}
      hint={drawn.hint}
      parts={drawn.parts.map((p, i) => ({ key: String(i), ...p }))}
      busy
    />
  );
}
