import { DATA_TYPES, DATA_TYPE_LABELS } from '@/lib/conditions';

/** Options of the data type select of the attribute dialogs. */
export const DATA_TYPE_OPTIONS = DATA_TYPES.map((t) => ({ value: t, label: DATA_TYPE_LABELS[t] }));
