// conform's getInputProps and friends return the field's `key` among the
// props (it changes when the form resets a field); React wants a key passed
// on its own, never spread. Every form spreads its controls through this.
export function withoutKey<Props extends { key?: unknown }>(props: Props): Omit<Props, "key"> {
  const rest: Partial<Props> = { ...props };
  delete rest.key;
  return rest as Omit<Props, "key">;
}
