import { useEffect, useMemo, useRef, useState } from "react";
import { useSubmit } from "react-router";
import { ACTIVITY_EVENTS, inactivityState, LAST_ACTIVITY_KEY, wasDisconnectedTooLong, type AutologoutSettings } from "~/lib/auth/inactivity";
import { loadAfterHydration } from "~/components/ui/after-hydration";

// 'Logging out due to inactivity': only scripts can notice that nobody is
// there, so this lives in the browser. Tabs share the last activity through
// local storage; when it is too old the tab signs out through the same form
// action as the sign-out menu. The dialog (the kit's ModalDialog, Headless
// UI's Dialog) is fetched after hydration where the prompt is on
// (inactivity-dialog.tsx), not shipped with every page's first load; should
// it fail to load, the tab still signs out when the time is up.

const useInactivityDialog = loadAfterHydration(() => import("./inactivity-dialog"));

const TICK_MS = 500;
/** Activity is written down at most this often: mousemove fires far more. */
const RECORD_EVERY_MS = 1000;

function readLastActivity(): number | undefined {
  const stored = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : undefined;
}

export function InactivityPrompt({ settings: given, signedIn }: { settings?: AutologoutSettings; signedIn: boolean }) {
  // Loader data is a new object on every revalidation: depend on the values, not the object.
  const { idleTimeoutMinutes, promptBeforeIdleSeconds, logoutIfDisconnected } = given ?? {};
  const settings = useMemo(
    () => (idleTimeoutMinutes === undefined ? undefined : { idleTimeoutMinutes, promptBeforeIdleSeconds: promptBeforeIdleSeconds ?? 0, logoutIfDisconnected: logoutIfDisconnected ?? false }),
    [idleTimeoutMinutes, promptBeforeIdleSeconds, logoutIfDisconnected],
  );
  const submit = useSubmit();
  const [secondsLeft, setSecondsLeft] = useState<number | undefined>(undefined);
  const prompting = useRef(false);
  const dialog = useInactivityDialog(signedIn && settings !== undefined);

  useEffect(() => {
    // Signed out (or the prompt is off): forget the last activity, so that the
    // next sign-in does not start out "idle for hours".
    if (!signedIn || !settings) {
      window.localStorage.removeItem(LAST_ACTIVITY_KEY);
      return;
    }
    const signOut = () => {
      window.localStorage.removeItem(LAST_ACTIVITY_KEY);
      void submit({}, { method: "post", action: "/sign-out" });
    };
    if (wasDisconnectedTooLong(Date.now(), readLastActivity(), settings)) return signOut();

    let lastRecorded = 0;
    const record = () => {
      const now = Date.now();
      if (prompting.current || now - lastRecorded < RECORD_EVERY_MS) return;
      lastRecorded = now;
      window.localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
    };
    record();
    for (const event of ACTIVITY_EVENTS) document.addEventListener(event, record, { passive: true });

    let signedOut = false;
    const tick = () => {
      if (signedOut) return;
      const state = inactivityState(Date.now(), readLastActivity() ?? Date.now(), settings);
      prompting.current = state.phase === "prompt";
      setSecondsLeft(state.phase === "prompt" ? state.secondsLeft : undefined);
      if (state.phase === "idle") {
        signedOut = true;
        signOut();
      }
    };
    const timer = window.setInterval(tick, TICK_MS);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) document.removeEventListener(event, record);
    };
  }, [signedIn, settings, submit]);

  if (secondsLeft === undefined || !dialog) return null;
  const stay = () => {
    prompting.current = false;
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    setSecondsLeft(undefined);
  };
  return <dialog.InactivityDialog secondsLeft={secondsLeft} onStay={stay} />;
}
