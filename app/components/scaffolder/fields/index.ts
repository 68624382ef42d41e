import { useTranslation } from "~/components/ui/root-data";
import { SingleEntityField } from "./entity-picker";
import { EntityTagsPickerField } from "./entity-tags-picker";
import { MultiEntityPickerField } from "./multi-entity-picker";
import { RepoBranchPickerField } from "./repo-branch-picker";
import { RepoUrlPickerField } from "./repo-url-picker";
import { EntityNamePickerField, SecretField } from "./simple-fields";
import type { FieldExtension, FieldExtensionProps } from "./types";
import { createElement } from "react";

export type { FieldExtension, FieldExtensionProps } from "./types";

// The wizard's field extensions (Backstage's custom field extensions), keyed
// by the `ui:field` name a template gives a parameter. Each renders a form
// that works without JavaScript and becomes a richer widget once hydrated;
// its server side (choices, posted value, validation) is the entry of the
// same name in app/lib/scaffolder/fields/index.server.ts.

function singleEntity(defaults: (t: ReturnType<typeof useTranslation>) => { title: string; description: string }): FieldExtension {
  return {
    Component(props: FieldExtensionProps) {
      const t = useTranslation();
      return createElement(SingleEntityField, { ...props, defaults: defaults(t) });
    },
  };
}

export const fieldExtensions: Record<string, FieldExtension> = {
  EntityPicker: singleEntity((t) => ({ title: t("scaffolderFields.entity.title"), description: t("scaffolderFields.entity.description") })),
  OwnedEntityPicker: singleEntity((t) => ({ title: t("scaffolderFields.entity.title"), description: t("scaffolderFields.entity.description") })),
  OwnerPicker: singleEntity((t) => ({ title: t("scaffolderFields.owner.title"), description: t("scaffolderFields.owner.description") })),
  MyGroupsPicker: singleEntity((t) => ({ title: t("scaffolderFields.group.title"), description: t("scaffolderFields.group.description") })),
  MultiEntityPicker: { Component: MultiEntityPickerField },
  EntityTagsPicker: { Component: EntityTagsPickerField },
  EntityNamePicker: { Component: EntityNamePickerField },
  RepoUrlPicker: { Component: RepoUrlPickerField },
  RepoBranchPicker: { Component: RepoBranchPickerField },
  Secret: { Component: SecretField },
};
