// A secret as the secrets API answers it (DESIGN.md §3): its type and its exact list of fields.
export interface Secret {
  id: string;
  key: string;
  value: string;
  description: string | null;
  created_at: string;
  updated_at: string;
  current_version: number;
  environment_type: string;
  last_rotated_at: string | null;
  rotation_days: number;
}

export const SECRET_FIELDS = [
  "created_at",
  "current_version",
  "description",
  "environment_type",
  "id",
  "key",
  "last_rotated_at",
  "rotation_days",
  "updated_at",
  "value",
];
