import { useSearchParams } from 'react-router';

/** One query parameter of the current page (`?cardId=…`), '' when absent. */
export function useQueryParam(name: string): string {
  const [params] = useSearchParams();
  return params.get(name) ?? '';
}
