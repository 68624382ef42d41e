// The pod drawer's 'Delete Pod' form (app/components/kubernetes/pod-details.tsx),
// posted to the entity page's action, which parses it with
// delete-pod-schema.ts (apart, so that the drawer ships no zod) and hands it
// to app/lib/kubernetes/delete-pod.server.ts.

export const DELETE_POD_INTENT = "delete-pod";
