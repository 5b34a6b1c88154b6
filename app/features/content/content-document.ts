/** A page of content/ rendered on the server: its title, a one-line description and the HTML body. */
export type ContentDocument = { title: string; description: string; html: string };
