/** Where an entry's entity is shown in the admin, when it has a page. */
export function entityHref(entityType: string, entityId: string): string | null {
  if (entityType === "order") return `/admin?order=${encodeURIComponent(entityId)}`;
  if (entityType === "product") return `/customizar-produto?produto=${encodeURIComponent(entityId)}`;
  return null;
}
