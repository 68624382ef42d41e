import { useState } from "react";
import { useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MAX_DIRECTORY_BYTES, MAX_DIRECTORY_FILES, safeRelativePath, stripTopFolder, type DirectoryFile } from "~/lib/scaffolder/editor/directory";

type FileSystemDirectoryHandleLike = { kind: "directory"; name: string; values(): AsyncIterable<FileSystemDirectoryHandleLike | FileSystemFileHandleLike> };
type FileSystemFileHandleLike = { kind: "file"; name: string; getFile(): Promise<File> };
type PickerWindow = Window & { showDirectoryPicker?: (options?: { mode?: "read" }) => Promise<FileSystemDirectoryHandleLike> };

/**
 * The template directory's files. Without JavaScript a folder input posts
 * them with the form (multipart). With it, the File System Access API opens
 * a folder where the browser has it (a file input elsewhere); the files are
 * read here and posted as JSON in the hidden field, named relative to the
 * folder, and a template.yaml among them fills the editor.
 */
export function DirectoryLoader({ name, onLoaded }: { name: string; onLoaded: (count: number, template: string | undefined) => void }) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const [json, setJson] = useState("");
  const [error, setError] = useState<string>();
  const picker = hydrated && typeof (window as PickerWindow).showDirectoryPicker === "function";

  const accept = async (entries: Array<{ path: string; file: File }>, inFolder: boolean) => {
    setError(undefined);
    if (entries.length > MAX_DIRECTORY_FILES || entries.reduce((sum, entry) => sum + entry.file.size, 0) > MAX_DIRECTORY_BYTES) {
      setError(t("scaffolderPages.editor.tooLarge", { max: MAX_DIRECTORY_FILES, bytes: MAX_DIRECTORY_BYTES }));
      return;
    }
    // A folder input names files "<folder>/<path>"; the picker's walk names them from inside the folder already.
    const paths = inFolder ? stripTopFolder(entries.map((entry) => entry.path)) : entries.map((entry) => entry.path);
    const files: DirectoryFile[] = [];
    for (const [index, entry] of entries.entries()) {
      const path = safeRelativePath(paths[index]);
      if (!path) {
        setError(t("scaffolderPages.editor.badPath", { path: paths[index] }));
        return;
      }
      files.push({ path, base64Content: toBase64(new Uint8Array(await entry.file.arrayBuffer())) });
    }
    setJson(JSON.stringify(files));
    const template = entries.find((_, index) => paths[index] === "template.yaml" || paths[index] === "template.yml");
    onLoaded(files.length, template ? await template.file.text() : undefined);
  };

  const openFolder = async () => {
    try {
      const root = await (window as PickerWindow).showDirectoryPicker!({ mode: "read" });
      const entries: Array<{ path: string; file: File }> = [];
      await walk(root, "", entries);
      await accept(entries, false);
    } catch (caught) {
      // The user closing the picker is no error.
      if (caught instanceof DOMException && caught.name === "AbortError") return;
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <div className="mt-1 flex flex-col gap-2">
      {hydrated ? <input type="hidden" name={name} value={json} /> : null}
      {picker ? (
        <button
          type="button"
          onClick={() => void openFolder()}
          className="self-start rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t("scaffolderPages.editor.loadFolder")}
        </button>
      ) : null}
      <label className="text-sm">
        <span className="block font-semibold">{t("scaffolderPages.editor.loadFiles")}</span>
        <input
          type="file"
          multiple
          // Without JavaScript the browser posts the folder's files itself; with it they travel as JSON.
          name={hydrated ? undefined : "files"}
          {...({ webkitdirectory: "" } as Record<string, string>)}
          onChange={(event) => {
            const chosen = [...(event.currentTarget.files ?? [])];
            void accept(
              chosen.map((file) => ({ path: file.webkitRelativePath || file.name, file })),
              true,
            );
          }}
          className="mt-1 block text-sm"
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

async function walk(directory: FileSystemDirectoryHandleLike, prefix: string, into: Array<{ path: string; file: File }>) {
  for await (const entry of directory.values()) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.kind === "directory") {
      // A repository's own folders are no part of a template.
      if (entry.name === ".git" || entry.name === "node_modules") continue;
      await walk(entry, path, into);
    } else {
      into.push({ path, file: await entry.getFile() });
    }
    if (into.length > MAX_DIRECTORY_FILES) return;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
