// Every user-facing string of Atrium in English, the default language. Keys
// group by area; {{name}} marks an interpolated value. Strings quoted in the
// specification are kept verbatim.
export const en = {
  shell: {
    skipToContent: "Skip to content",
    navigation: "Main navigation",
    pinSidebar: "Pin sidebar",
    unpinSidebar: "Unpin sidebar",
    intro: {
      text: "Fun fact! Pin this sidebar to keep it open, and use the star next to an entity to find it again quickly.",
      dismiss: "Dismiss",
    },
    nav: {
      home: "Home",
      catalog: "Catalog",
      apis: "APIs",
      docs: "Docs",
      create: "Create...",
      graph: "Catalog graph",
      settings: "Settings",
    },
    theme: { label: "Theme", light: "Light", dark: "Dark", auto: "Auto", apply: "Apply" },
    loading: "Loading…",
  },
  signIn: {
    title: "Sign In",
    loginFailed: "Login failed",
    guest: {
      title: "Guest",
      subtitle: "Enter as a Guest User.",
      description: "You will not have a verified identity, meaning some features might be unavailable.",
      enter: "Enter",
    },
    custom: {
      title: "Custom User",
      subtitle: "Enter your own User ID and credentials.",
      subtitle2: "This selection will not be stored.",
      userId: "User ID",
      userIdInvalid: "A User ID is a name of 1 to 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit",
      idToken: "ID Token (optional)",
      tokenInvalid: "Token is not a valid OpenID Connect JWT Token",
      continue: "Continue",
    },
    signOut: "sign out",
    signedInAs: "Signed in as {{user}}",
  },
  home: {
    title: "Home",
    welcome: "Welcome to {{title}}",
    subtitle: "The developer portal of {{organization}}.",
    intro: "Find the software your teams own, see how it fits together, and start something new from a template.",
  },
  settings: {
    title: "Settings",
    tabs: { label: "Settings sections", general: "General", featureFlags: "Feature Flags" },
    profile: { title: "Profile", picture: "Picture of {{name}}", guest: "Guest: no verified identity, some features may be unavailable." },
    appearance: {
      title: "Appearance",
      themeDescription: "Change the theme mode",
      languageDescription: "Change the language",
      pinSidebarDescription: "Prevent the sidebar from collapsing",
    },
    language: "Language",
    saved: "Settings saved",
    themeInvalid: "Choose Light, Dark or Auto",
    languageInvalid: "Choose a supported language",
    featureFlags: {
      title: "Feature Flags",
      empty: "No Feature Flags",
      emptyDescription:
        "Feature Flags make it possible for plugins to register features for users to opt into. Register them under app.featureFlags in app-config.",
      registeredIn: "Registered in {{plugin}} plugin",
      registeredInApp: "Registered in the app",
      on: "On",
      off: "Off",
      switchedOn: "Feature flag {{name}} is on",
      switchedOff: "Feature flag {{name}} is off",
      unknown: "No feature flag of that name is registered",
    },
  },
  session: {
    refreshFailed: "Session refresh failed, see developer console for details",
    inactivity: {
      title: "Logging out due to inactivity",
      countdown_one: "You are about to be disconnected in {{count}} second. Are you still there?",
      countdown_other: "You are about to be disconnected in {{count}} seconds. Are you still there?",
      stay: "Yes! Don't log me out",
    },
  },
  languages: {
    en: "English",
  },
  notFound: {
    title: "Page not found",
    detail: "No page lives at this address.",
  },
  alertDisplay: {
    newer_one: "({{count}} newer message)",
    newer_other: "({{count}} newer messages)",
    close: "Close",
  },
  errorPage: {
    subtitle: "ERROR {{status}}: {{statusMessage}}",
    title: "Looks like someone dropped the mic!",
    goBack: "Go back",
    contactSupportBefore: "or please",
    contactSupport: "contact support",
    contactSupportAfter: "if you think this is a bug.",
    showMoreDetails: "Show more details",
    showLessDetails: "Show less details",
    notFound: "PAGE NOT FOUND",
  },
  errorBoundary: {
    title: "Something Went Wrong",
    contact: "Please contact {{slackChannel}} for help.",
    defaultChannel: "support",
  },
  pluginError: {
    title: "Error in {{plugin}}",
    retry: "Retry",
  },
  bootError: {
    config: "The configuration failed to load...",
    lazyPlugin: "Failed lazy loading..., try to reload the page",
    lazyChunk: "Lazy loaded chunk failed to load, try to reload the page",
    reload: "Reload the page",
  },
  supportButton: {
    title: "Support",
    close: "Close",
    notConfigured: "Support Not Configured",
    notConfiguredLink: "Add `app.support` config key",
  },
  links: {
    javascriptRejected: "Link rejected a javascript: URL as a security precaution",
    windowOpenRejected: "Rejected window.open() of a javascript: URL as a security precaution",
    opensInNewWindow: "(opens in a new window)",
  },
} as const;

export type Messages = typeof en;
