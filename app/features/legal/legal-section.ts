/** One block of the legal page: a level-2 heading of content/legal.md and its HTML. */
export type LegalSection = { id: string; title: string; html: string };
