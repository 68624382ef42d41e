import { useEffect, useEffectEvent, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

// With JavaScript, a settings change made in one tab reaches the other open
// tabs of the same browser: the tab that saved announces it on a
// BroadcastChannel, the others revalidate and render the new values (the
// seed's local-storage behaviour, with the server as the source; decision 009).

export const SETTINGS_CHANNEL = "atrium-user-settings";
/** Form actions that change settings: the settings tabs and the sidebar's pin and intro forms. */
const SETTINGS_ACTION = /\/(?:settings(?:\/[\w-]+)?|shell\/sidebar)$/;

export function SettingsSync() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // The channel lives as long as the component; the revalidator it calls is the latest one.
  const revalidate = useEffectEvent(() => void revalidator.revalidate());
  const channel = useRef<BroadcastChannel | undefined>(undefined);
  const savingSettings = useRef(false);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const opened = new BroadcastChannel(SETTINGS_CHANNEL);
    opened.onmessage = () => revalidate();
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST") {
      savingSettings.current = SETTINGS_ACTION.test(navigation.formAction.split("?")[0]);
    } else if (navigation.state === "idle" && savingSettings.current) {
      savingSettings.current = false;
      channel.current?.postMessage({ type: "settings-changed" });
    }
  }, [navigation.state, navigation.formMethod, navigation.formAction]);

  return null;
}
