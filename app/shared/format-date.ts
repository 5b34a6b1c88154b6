/** A moment as the shop shows it everywhere: date and time in São Paulo, the way Brazilians write them. */
const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
