// The USD formatter's historic entry point; the one amount formatter is in ./money (docs/amounts.md).
export { formatUsd } from './money/format';
