import type { Inventory, InventoryBody, InventoryContent, InventoryEntry, InventoryPreview, InventoryPublished } from '../../../../server/src/contract/riskInventories';
import { download, request, saveFile } from '../../api/client';

/* Calls of the 'Inventário de riscos (NR-1)' screen (`apps/server/src/routes/riskInventories.ts`). */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** How the exposure groups are formed besides the whole company: by sector (the default) or by position. */
export type GroupBy = NonNullable<InventoryBody['group_by']>;

/** What the screen sends to preview or publish. */
export type InventoryRequest = InventoryBody;

/** An entry as the screen reads it (`group_kind` absent in versions published before groups by position). */
export type InventoryEntryView = InventoryEntry;

/** A company's published versions, newest first. */
export function inventoriesPath(companyId: number): string {
  return `/risk/${segment(companyId)}/inventories`;
}

/** One published version with its frozen content. */
export function inventoryPath(id: number): string {
  return `/risk/inventories/${segment(id)}`;
}

/** What would be published now (nothing stored; administrators). */
export function previewInventory(companyId: number, body: InventoryRequest): Promise<InventoryPreview> {
  return request(`${inventoriesPath(companyId)}/preview`, { method: 'POST', body });
}

/** Publishes the next version (administrators): the server's message and the version stored. */
export function publishInventory(companyId: number, body: InventoryRequest): Promise<InventoryPublished> {
  return request(inventoriesPath(companyId), { method: 'POST', body });
}

/** Downloads a version as PDF or .xlsx (signed in: fetched with the bearer token and saved). */
export async function downloadInventory(id: number, extension: 'pdf' | 'xlsx'): Promise<void> {
  const { blob, fileName } = await download(`${inventoryPath(id)}/${extension}`);
  saveFile(blob, fileName);
}

export type { Inventory, InventoryContent, InventoryPreview };
