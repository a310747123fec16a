/** The total block as api/src/web/route-skeleton.ts draws it (its test pins the same markup). */
export const DRAWN_TOTAL_HTML =
  '<div class="cwf" aria-hidden="true"><div class="cwf-route"><div class="cwf-notice"><i></i><p>Tip</p></div>' +
  '<div class="cwf-total" data-total="1100.05"><p>Total balance</p><p class="cwf-total-amount"><bdi dir="ltr">$1,100.05</bdi></p>' +
  '<p class="cwf-total-hint">Wallet, card funding and cards, valued in US dollars</p><dl>' +
  '<div><dt>Wallet</dt><dd data-figure="wallet.totalUsd" data-amount="1000.10"><bdi dir="ltr">$1,000.10</bdi></dd></div>' +
  '<div><dt>Card funding</dt><dd data-figure="wallet.cardFunding" data-amount="0.20"><bdi dir="ltr">$0.20</bdi></dd></div>' +
  '<div><dt>Cards</dt><dd data-figure="cards.balanceUsd" data-amount="99.75"><bdi dir="ltr">$99.75</bdi></dd></div>' +
  '</dl></div></div></div>';
