import type { VehicleCreateBody, VehicleDetail, VehicleKind, VehicleUse } from '@safety-shield/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { maxLength, requiredText } from '../../../../shared/forms/rules.js';
import { textOrNull } from '../../../../shared/forms/text.js';

export interface VehicleFormValues {
  agentId?: number;
  companyId?: number;
  fleetId?: number;
  licensePlate?: string;
  brand?: string;
  model?: string;
  kindName?: VehicleKind;
  useFor?: VehicleUse;
  initialMileageKm?: number;
  attribution?: string;
  address?: string;
  customer?: string;
}

/** The contract's plate: letters or digits first, then letters, digits, spaces, dots, middle dots and hyphens. */
export const PLATE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .·-]*$/;

export const plateRules = (t: TFunction): FormRule[] => [
  requiredText(t('vehicles.form.plateRequired')),
  maxLength(t, 20),
  { pattern: PLATE_PATTERN, message: t('vehicles.form.platePattern') },
];

/** The create body of a vehicle form's values: empty texts are stored as null, not as '', and no mileage as 0 km. */
export function vehicleCreateBody(values: VehicleFormValues, fleetId: number): VehicleCreateBody {
  return {
    fleetId,
    licensePlate: values.licensePlate?.trim() ?? '',
    brand: textOrNull(values.brand),
    model: textOrNull(values.model),
    kindName: values.kindName ?? null,
    useFor: values.useFor ?? null,
    initialMileageKm: values.initialMileageKm ?? 0,
    attribution: textOrNull(values.attribution),
    address: textOrNull(values.address),
    customer: textOrNull(values.customer),
  };
}

export function toFormValues(vehicle: VehicleDetail | undefined): VehicleFormValues {
  if (!vehicle) return { initialMileageKm: 0 };
  const text = <T extends string>(value: T | null) => value ?? undefined;
  return {
    agentId: vehicle.agentId ?? undefined,
    companyId: vehicle.companyId ?? undefined,
    fleetId: vehicle.fleetId ?? undefined,
    licensePlate: vehicle.licensePlate,
    brand: text(vehicle.brand),
    model: text(vehicle.model),
    kindName: text(vehicle.kindName),
    useFor: text(vehicle.useFor),
    initialMileageKm: vehicle.initialMileageKm,
    attribution: text(vehicle.attribution),
    address: text(vehicle.address),
    customer: text(vehicle.customer),
  };
}
