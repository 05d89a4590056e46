/** Many rows in one INSERT: `VALUES ($1, $2), ($3, $4)` and its parameters, one round trip however many rows. */
export function valuesOf(rows: readonly (readonly unknown[])[], firstParameter = 1) {
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const names = row.map((value) => {
      params.push(value);
      return `$${firstParameter + params.length - 1}`;
    });
    return `(${names.join(", ")})`;
  });
  return { text: `VALUES ${tuples.join(", ")}`, params };
}
