/** A page of a list endpoint: `{ data: T[], total }`. */
export interface Page<T> {
  data: T[];
  total: number;
}
