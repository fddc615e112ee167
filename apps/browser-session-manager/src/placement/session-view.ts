import type { BrowserSessionView } from '@wh/contracts';
import type { SessionRow } from '../database/sessions.repository';

/** A session as the API lists it. */
export function toSessionView(row: SessionRow, lastActivity?: Date): BrowserSessionView {
  const view: BrowserSessionView = {
    id: row.id,
    status: row.status,
    streamWebView: row.streamWebView,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastActivity: (lastActivity ?? row.lastActivityAt).toISOString(),
  };
  if (row.endedAt) view.endedAt = row.endedAt.toISOString();
  if (row.endReason) view.endReason = row.endReason;
  if (row.profileName) view.profile = { name: row.profileName, saveChanges: row.profileSaveChanges };
  return view;
}
