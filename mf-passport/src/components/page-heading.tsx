/** The big heading of pages without a nav bar (login, register). */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="passport-heading">
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </header>
  );
}
