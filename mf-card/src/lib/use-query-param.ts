import { useSearchParams } from 'react-router-dom';

/** One query parameter of the current page (`?cardId=…`), '' when absent. */
export function useQueryParam(name: string): string {
  const [params] = useSearchParams();
  return params.get(name) ?? '';
}
