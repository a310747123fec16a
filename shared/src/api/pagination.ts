import { PAGE_SIZE } from '../constants';

/** The spec's pagination shape (§3): list in `data`, pages counted from 1. */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export function paginate<T>(items: T[], total: number, page: number, perPage: number = PAGE_SIZE): Paginated<T> {
  return {
    data: items,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

export function emptyPage<T>(): Paginated<T> {
  return { data: [], current_page: 1, last_page: 1, per_page: PAGE_SIZE, total: 0 };
}
