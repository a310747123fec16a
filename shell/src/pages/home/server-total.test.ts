import { afterEach, describe, expect, it } from 'vitest';
import { dropServerTotal, serverTotal, takeServerTotal } from './server-total';
import { DRAWN_TOTAL_HTML } from './server-total.fixture';

function root(html: string) {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

afterEach(dropServerTotal);

describe('the total balance the HTML drew', () => {
  it('is read out of the page as drawn: its texts, the total and each part', () => {
    takeServerTotal(root(DRAWN_TOTAL_HTML));
    expect(serverTotal()).toEqual({
      title: 'Total balance',
      amount: '$1,100.05',
      hint: 'Wallet, card funding and cards, valued in US dollars',
      parts: [
        { label: 'Wallet', amount: '$1,000.10' },
        { label: 'Card funding', amount: '$0.20' },
        { label: 'Cards', amount: '$99.75' },
      ],
    });
    dropServerTotal();
    expect(serverTotal()).toBeUndefined();
  });

  it('is nothing when the page drew none (signed out, grey) or drew it incompletely', () => {
    takeServerTotal(root('<div class="cwf-route"><div class="cwf-card" style="height:148px"></div></div>'));
    expect(serverTotal()).toBeUndefined();
    takeServerTotal(root(DRAWN_TOTAL_HTML.replace('<dt>Cards</dt>', '<dt></dt>')));
    expect(serverTotal()).toBeUndefined();
    takeServerTotal(root(DRAWN_TOTAL_HTML.replace(/<dl>.*<\/dl>/, '<dl></dl>')));
    expect(serverTotal()).toBeUndefined();
  });
});
