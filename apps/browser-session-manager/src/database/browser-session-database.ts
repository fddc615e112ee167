import type { Generated } from 'kysely';

/** The tables browser-session-manager owns; no other service sees them. */
export interface BrowserSessionDatabase {
  browser_replicas: {
    id: string;
    endpoint: string;
    max_sessions: number;
    free_slots: number;
    last_heartbeat_at: Generated<Date>;
  };
  browser_sessions: {
    id: string;
    team_id: string;
    replica_id: string;
    status: 'active' | 'destroyed';
    ttl_seconds: number;
    activity_ttl_seconds: number;
    stream_web_view: boolean;
    profile_name: string | null;
    profile_save_changes: Generated<boolean>;
    cdp_token_hash: string;
    view_token_hash: string | null;
    interactive_token_hash: string | null;
    created_at: Generated<Date>;
    expires_at: Date;
    last_activity_at: Generated<Date>;
    ended_at: Date | null;
    end_reason: string | null;
  };
  browser_profiles: {
    team_id: string;
    name: string;
    storage_key: string;
    writer_session_id: string | null;
    saved_at: Date | null;
    created_at: Generated<Date>;
  };
}
