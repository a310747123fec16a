import { BenefitsTable } from '../components/benefits-table';

/** Physical card benefits. */
export default function BenefitsPage() {
  return <BenefitsTable type="physical" />;
}
