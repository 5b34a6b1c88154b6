/** Sizes and durations as the panel writes them (pt-BR). */

const number = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });
const UNITS = ["B", "KB", "MB", "GB", "TB"];

export function bytesText(bytes: number | null): string {
  if (bytes === null) return "—";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${number.format(value)} ${UNITS[unit]}`;
}

/** A count as the panel writes it: "1.234". */
export const countText = (count: number) => number.format(count);

export function secondsText(seconds: number | null): string {
  if (seconds === null) return "nenhuma";
  if (seconds < 60) return `${number.format(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${number.format(seconds / 3600)} h`;
}

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });
export const whenText = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "—");
