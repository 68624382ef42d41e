import { z } from "zod";
import { DELETE_POD_INTENT } from "./delete-pod";

// The 'Delete Pod' form's schema (delete-pod.ts), parsed by the entity page's action.

/** Names are DNS labels or subdomains: at most 253 characters, never a '/'. */
const objectName = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[^/]+$/);

export const deletePodSchema = z.object({
  intent: z.literal(DELETE_POD_INTENT),
  cluster: z.string().trim().min(1).max(1000),
  // Empty is the default namespace, as the terminal and logs read it.
  namespace: z.union([objectName, z.literal("")]).optional(),
  pod: objectName,
});
