import { BenefitsTable } from '../components/benefits-table';

/** Virtual card benefits. */
export default function VirtualBenefitsPage() {
  return <BenefitsTable type="virtual" />;
}
