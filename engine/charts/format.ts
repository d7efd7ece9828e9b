/** Formats a number the Brazilian way (comma decimals) with exactly `digits` decimal places. */
export function formatDecimalBR(value: number, digits = 1): string {
  return value.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
