import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../testing/render';
import { ChainHash } from './chain-hash';

const hash = `0x${'ab'.repeat(31)}1234`;
const currencies = (explorers?: unknown[]) => ({ currencies: [], ...(explorers ? { explorers } : {}) });

describe('ChainHash', () => {
  it('links a hash to the network’s explorer when the API names one, LTR and copyable', async () => {
    renderWithHost(<ChainHash value={hash} network="ERC20" />, {
      loggedIn: true,
      routes: {
        'GET wallet/currencies': () =>
          currencies([
            { network: 'ERC20', tx: 'https://sepolia.etherscan.io/tx/{hash}', address: 'https://x.test/a/{address}' },
          ]),
      },
    });
    const link = await screen.findByRole('link', { name: new RegExp(`View transaction ${hash}`) });
    expect(link).toHaveAttribute('href', `https://sepolia.etherscan.io/tx/${hash}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTitle(hash)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'Copy transaction hash' })).toBeInTheDocument();
  });

  it('shows the hash only (copyable) on a chain without an explorer, such as the local dev chain', async () => {
    renderWithHost(<ChainHash value={hash} network="ERC20" />, {
      loggedIn: true,
      routes: { 'GET wallet/currencies': () => currencies([]) },
    });
    expect(await screen.findByTitle(hash)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy transaction hash' })).toBeInTheDocument();
  });
});
