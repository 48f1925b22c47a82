import type { Generated } from 'kysely';

// One interface for every table; timestamps travel as ISO-8601 strings on both dialects.
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface Database {
  setting: SettingTable;
}

export type { Generated };
