/**
 * Compares a data call's datasets with the reference's expectation: the same rows by their key fields
 * (no row missing, none extra, none twice), each expected field equal (numbers within 1e-6), the order
 * too where it matters, and the same withheld groups. Returns the differences, each naming the row.
 */
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import type { ActualData, ViewExpectation } from './reference/views.ts';

const keyOf = (row: Record<string, unknown>, keys: string[]) => JSON.stringify(keys.map((key) => (row[key] === undefined ? null : String(row[key]))));

function same(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') return Math.abs(expected - actual) <= 1e-6;
  return expected === (actual ?? null);
}

/** The differences between a call's answer and the reference (empty when they agree). */
export function compareWithReference(data: DashboardData, expected: ViewExpectation): string[] {
  const problems: string[] = [];
  for (const [name, expectation] of Object.entries(expected.datasets)) {
    const actual: Row[] = data.datasets[name]?.rows ?? [];
    const byKey = new Map<string, Row[]>();
    for (const row of actual) byKey.set(keyOf(row, expectation.keys), [...(byKey.get(keyOf(row, expectation.keys)) ?? []), row]);
    const wanted = new Map<string, Record<string, unknown>[]>();
    for (const row of expectation.rows) wanted.set(keyOf(row, expectation.keys), [...(wanted.get(keyOf(row, expectation.keys)) ?? []), row]);
    for (const [key, rows] of wanted) {
      const found = byKey.get(key) ?? [];
      if (found.length === 0) {
        problems.push(`${name}: no row ${key}; expected ${JSON.stringify(rows[0])}${rows.length > 1 ? ` (${rows.length} times)` : ''}`);
        continue;
      }
      if (found.length !== rows.length) problems.push(`${name}: ${found.length} rows for ${key}, the reference has ${rows.length} (${found.slice(0, 3).map((one) => JSON.stringify(one)).join(' | ')})`);
      for (const row of rows.slice(0, 1)) {
        for (const [field, value] of Object.entries(row)) {
          if (!found.every((one) => same(value, one[field]))) {
            problems.push(`${name} ${key}: ${field} is ${found.map((one) => JSON.stringify(one[field] ?? null)).join(', ')}, the reference says ${JSON.stringify(value)} (row ${JSON.stringify(found[0])})`);
          }
        }
      }
    }
    for (const [key, rows] of byKey) {
      if (wanted.has(key)) continue;
      const extra = rows.filter((row) => !expectation.allowExtra?.(row));
      if (extra.length > 0) problems.push(`${name}: unexpected row ${key}: ${JSON.stringify(extra[0])}`);
    }
    problems.push(...(expectation.more?.(actual) ?? []).map((problem) => `${name}: ${problem}`));
    if (expectation.ordered) {
      const order = actual.map((row) => keyOf(row, expectation.keys));
      const wanted = expectation.rows.map((row) => keyOf(row, expectation.keys));
      if (JSON.stringify(order) !== JSON.stringify(wanted)) problems.push(`${name}: rows in the order ${order.join(' ')}, the reference's is ${wanted.join(' ')}`);
    }
  }
  problems.push(...(expected.check?.(data as unknown as ActualData) ?? []));
  const withheld = new Set((data.withheld ?? []).map((group) => group.dataset));
  for (const name of expected.withheld) if (!withheld.has(name)) problems.push(`${name}: the group is under the minimum and is not withheld`);
  for (const name of withheld) if (!expected.withheld.includes(name)) problems.push(`${name}: withheld, though the group is not under the minimum`);
  return problems;
}
