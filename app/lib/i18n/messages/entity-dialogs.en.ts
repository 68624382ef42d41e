// The entity inspector and the unregister and delete dialogs. Wording as
// Backstage's catalog-react and catalog plugins have it.
export const entityDialogs = {
  inspector: {
    title: "Entity Inspector",
    tabsLabel: "Inspector options",
    tabs: {
      overview: "Overview",
      ancestry: "Ancestry",
      colocated: "Colocated",
      json: "Raw JSON",
      yaml: "Raw YAML",
    },
    overview: {
      title: "Overview",
      identity: "Identity",
      metadata: "Metadata",
      annotations: "Annotations",
      labels: "Labels",
      tags: "Tags",
      relations: "Relations",
      status: "Status",
      none: "None",
    },
    copy: {
      label: "Copy {{label}}",
      copied: "Copied",
      failed: "Could not copy to the clipboard: {{message}}",
    },
    ancestry: {
      title: "Ancestry",
      description:
        "This is the ancestry of entities above the current one - as in, the chain(s) of entities down to the current one, where processors emitted child entities that ultimately led to the current one existing. Note that this is a completely different mechanism from relations.",
      graphLabel: "Ancestry graph of {{entity}}",
      listLabel: "Ancestry as a list, from the oldest ancestor down to the entity",
      zoomIn: "Zoom in",
      zoomOut: "Zoom out",
    },
    colocated: {
      title: "Colocated",
      description:
        "These are the entities that are colocated with this entity - as in, they originated from the same data source (e.g. came from the same YAML file), or from the same origin (e.g. the originally registered URL).",
      alertNoLocation: "Entity had no location information.",
      alertNoEntity: "There were no other entities on this location.",
      locationHeader: "At the same location",
      originHeader: "At the same origin",
      listLabel: "Colocated entities",
    },
    json: {
      title: "Entity as JSON",
      description: "This is the raw entity data as received from the catalog, on JSON form.",
    },
    yaml: {
      title: "Entity as YAML",
      description: "This is the raw entity data as received from the catalog, on YAML form.",
    },
  },
  unregister: {
    title: "Are you sure you want to unregister this entity?",
    loading: "Loading…",
    cancel: "Cancel",
    deleteEntity: "Delete Entity",
    removed: "Removed entity {{entityName}}",
    bootstrap: {
      title:
        'You cannot unregister this entity, since it originates from a protected Backstage configuration (location "{{location}}"). If you believe this is in error, please contact the {{appTitle}} integrator.',
      advancedDescription:
        "You have the option to delete the entity itself from the catalog. Note that this should only be done if you know that the catalog file has been deleted at, or moved from, its origin location. If that is not the case, the entity will reappear shortly as the next refresh round is performed by the catalog.",
    },
    advancedOptions: "Advanced Options",
    onlyDelete: "This entity does not seem to originate from a registered location. You therefore only have the option to delete it outright from the catalog.",
    state: {
      title: "This action will unregister the following entities:",
      subTitle: "Located at the following location:",
      description: "To undo, just re-register the entity in {{appTitle}}.",
      unregisterButton: "Unregister Location",
      advancedDescription:
        "You also have the option to delete the entity itself from the catalog. Note that this should only be done if you know that the catalog file has been deleted at, or moved from, its origin location. If that is not the case, the entity will reappear shortly as the next refresh round is performed by the catalog.",
    },
    unknownState: "Internal error: Unknown state",
    intentInvalid: "Choose Unregister Location or Delete Entity",
    unexpectedError: "Internal Server Error (request {{requestId}})",
  },
  orphan: {
    warning: "This entity is not referenced by any location and is therefore not receiving updates. Click here to delete.",
    dialogTitle: "Are you sure you want to delete this entity?",
    delete: "Delete",
    cancel: "Cancel",
  },
} as const;
