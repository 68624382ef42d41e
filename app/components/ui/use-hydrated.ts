import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, true
 * afterwards, including at once for anything mounted later (a dialog a
 * client navigation opens). What a widget renders while it is false is what
 * works without JavaScript, and it is the same on both sides, so it hydrates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
