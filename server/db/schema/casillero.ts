import type { Generated } from 'kysely';
import type { alertStatus, consolidationStatus, packageStatus } from '#common/enums/casillero.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';

// Timestamps travel as ISO-8601 strings on both dialects, booleans as 0/1 integers (SQLite has no
// boolean type); closed sets take their type from the enum registry (common/enums/).

export type AlertStatus = EnumValue<typeof alertStatus>;
export interface AlertTable {
  id: Generated<number>;
  userId: number;
  packageId: number | null;
  trackingNumber: string;
  carrier: string;
  store: string;
  content: string;
  declaredValueCents: number;
  expectedDate: string | null;
  invoiceUploadId: string | null;
  status: AlertStatus;
  createdAt: string;
  updatedAt: string;
}

export type PackageStatus = EnumValue<typeof packageStatus>;
export interface PackageTable {
  id: Generated<number>;
  userId: number;
  consolidationId: number | null;
  trackingNumber: string;
  carrier: string;
  store: string;
  description: string;
  weightLb: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  declaredValueCents: number;
  photoUploadId: string | null;
  status: PackageStatus;
  receivedAt: string;
  updatedAt: string;
}

export type ConsolidationStatus = EnumValue<typeof consolidationStatus>;
export interface ConsolidationTable {
  id: Generated<number>;
  userId: number;
  deliveryAddress: string;
  notes: string;
  status: ConsolidationStatus;
  totalWeightLb: number;
  billableWeightLb: number;
  declaredValueCents: number;
  costCents: number;
  /** Measured when the warehouse packs it; null until staff enter it. */
  finalWeightLb: number | null;
  finalCostCents: number | null;
  /** The outbound carrier's tracking number to Ecuador. */
  outboundTracking: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConsolidationEventTable {
  id: Generated<number>;
  consolidationId: number;
  status: ConsolidationStatus;
  note: string;
  createdAt: string;
}
