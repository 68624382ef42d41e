// How the API server reads a boolean query parameter (apimachinery's
// runtime.Convert_Slice_string_To_bool): absent is false; "0", "f", "false",
// "n", "no" and "off" are false; anything else, the empty value included, is
// true. Backstage's pod logs ask for `previous` as `&previous=`
// (plugins/kubernetes-react/src/api/KubernetesProxyClient.ts).

const FALSE_VALUES = new Set(["0", "f", "false", "n", "no", "off"]);

export function queryFlag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  if (value === null) return false;
  return !FALSE_VALUES.has(value.toLowerCase());
}
